import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('SharedReads', () => {
  it('makes a read once for the boards evaluating the same change of a customer', async () => {
    const reads = new SharedReads();
    const answer = deferred<string[]>();
    let made = 0;
    const read = () => {
      made += 1;
      return answer.promise;
    };
    const first = reads.forChange('demo', '41')('visits 1/', read);
    const second = reads.forChange('demo', '41')('visits 1/', read);
    answer.resolve(['visit:1']);
    expect(await first).toBe(await second);
    expect(made).toBe(1);
  });

  it('reads again for another change, another customer or another key', async () => {
    const reads = new SharedReads();
    let made = 0;
    const read = async () => ++made;
    await Promise.all([
      reads.forChange('demo', '41')('visits 1/', read),
      reads.forChange('demo', '42')('visits 1/', read),
      reads.forChange('other', '41')('visits 1/', read),
      reads.forChange('demo', '41')('visits 2/', read),
    ]);
    expect(made).toBe(4);
  });

  it('keeps nothing once a read is answered, or has failed', async () => {
    const reads = new SharedReads();
    const share = reads.forChange('demo', '41');
    await share('phases 1/', async () => ['phase:1']);
    await expect(
      share('calls 1/', () => Promise.reject(new Error('database unavailable'))),
    ).rejects.toThrow();
    expect(reads.size).toBe(0);
    let made = 0;
    await share('phases 1/', async () => ++made);
    expect(made).toBe(1);
  });
});
