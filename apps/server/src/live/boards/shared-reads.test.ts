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
    const first = reads.forChange('demo', '41')('flow 1/', read);
    const second = reads.forChange('demo', '41')('flow 1/', read);
    answer.resolve(['visit:1']);
    expect(await first).toBe(await second);
    expect(made).toBe(1);
  });

  it('reads again for another change, another customer or another key', async () => {
    const reads = new SharedReads();
    let made = 0;
    const read = async () => ++made;
    // A read of no kept kind: shared by one change's boards only.
    await Promise.all([
      reads.forChange('demo', '41')('rows 1/', read),
      reads.forChange('demo', '42')('rows 1/', read),
      reads.forChange('other', '41')('rows 1/', read),
      reads.forChange('demo', '41')('rows 2/', read),
    ]);
    expect(made).toBe(4);
  });

  it('keeps nothing once a read is answered, or has failed', async () => {
    const reads = new SharedReads();
    const share = reads.forChange('demo', '41');
    await share('rows 1/', async () => ['visit:1']);
    await expect(share('rows 2/', () => Promise.reject(new Error('database unavailable')))).rejects.toThrow();
    expect(reads.size).toBe(0);
    let made = 0;
    await share('rows 1/', async () => ++made);
    expect(made).toBe(1);
  });

  describe('steady reads (LIVE-33)', () => {
    it("keeps the customer's voice and a board's phases across changes of the patient flow", async () => {
      const reads = new SharedReads();
      let made = 0;
      const read = async () => ++made;
      expect(await reads.forChange('demo', '41')('voice', read)).toBe(1);
      reads.noteChanges('demo', [{ entity: 'visit' }, { entity: 'call' }, { entity: 'message' }]);
      expect(await reads.forChange('demo', '42')('voice', read)).toBe(1);
      expect(await reads.forChange('demo', '42')('phases 1/', read)).toBe(2);
      reads.noteChanges('demo', [{ entity: 'asset' }, { entity: 'device' }]);
      expect(await reads.forChange('demo', '43')('phases 1/', read)).toBe(2);
      // Another customer's and another scope's are their own.
      expect(await reads.forChange('other', '43')('voice', read)).toBe(3);
      expect(await reads.forChange('demo', '43')('phases 2/', read)).toBe(4);
      expect(made).toBe(4);
    });

    it('reads them again after any other change, and on every refresh tick', async () => {
      const reads = new SharedReads();
      let made = 0;
      const read = async () => ++made;
      await reads.forChange('demo', '41')('voice', read);
      reads.noteChanges('demo', [{ entity: 'visit' }, { entity: 'customer' }]);
      expect(await reads.forChange('demo', '42')('voice', read)).toBe(2);
      reads.noteChanges('other', [{ entity: 'workflow' }]);
      expect(await reads.forChange('demo', '43')('voice', read)).toBe(2);
      // A refresh tick reads afresh, once for all its boards, and later changes keep that read.
      const tick = reads.forChange('demo', 'refresh:1');
      expect(await Promise.all([tick('voice', read), tick('voice', read)])).toEqual([3, 3]);
      expect(await reads.forChange('demo', '44')('voice', read)).toBe(3);
    });

    it('does not keep a failed read', async () => {
      const reads = new SharedReads();
      await expect(
        reads.forChange('demo', '41')('voice', () => Promise.reject(new Error('database unavailable'))),
      ).rejects.toThrow();
      let made = 0;
      await reads.forChange('demo', '42')('voice', async () => ++made);
      expect(made).toBe(1);
    });
  });

  describe('reads kept until a change that may alter them (LIVE-36)', () => {
    it('forgets each only on the changes of the patient flow it depends on', async () => {
      const reads = new SharedReads();
      const made = new Map<string, number>();
      const read = (key: string) => async () => {
        made.set(key, (made.get(key) ?? 0) + 1);
        return key;
      };
      const keys = ['messages', 'par 1,2', 'flow 1/ day', 'calls 1/', 'flow 4,5/ day', 'voice'];
      const evaluate = (version: string) =>
        Promise.all(keys.map((key) => reads.forChange('demo', version)(key, read(key))));
      const madeNow = () => Object.fromEntries(keys.map((key) => [key, made.get(key) ?? 0]));
      await evaluate('41');
      expect(Object.values(madeNow())).toEqual([1, 1, 1, 1, 1, 1]);

      reads.noteChanges('demo', [{ entity: 'device' }, { entity: 'device_presence' }]);
      await evaluate('42');
      expect(Object.values(madeNow())).toEqual([1, 1, 1, 1, 1, 1]);

      reads.noteChanges('demo', [{ entity: 'message' }]);
      await evaluate('43');
      expect(Object.values(madeNow())).toEqual([2, 1, 1, 1, 1, 1]);

      reads.noteChanges('demo', [{ entity: 'asset' }]);
      await evaluate('44');
      expect(Object.values(madeNow())).toEqual([2, 2, 1, 1, 1, 1]);

      reads.noteChanges('demo', [{ entity: 'call' }]);
      await evaluate('45');
      expect(Object.values(madeNow())).toEqual([2, 2, 2, 2, 2, 1]);

      reads.noteChanges('demo', [{ entity: 'visit' }, { entity: 'device' }]);
      await evaluate('46');
      expect(Object.values(madeNow())).toEqual([2, 2, 3, 3, 3, 1]);

      // Any change outside the patient flow forgets every one.
      reads.noteChanges('demo', [{ entity: 'asset' }, { entity: 'par_level' }]);
      await evaluate('47');
      expect(Object.values(madeNow())).toEqual([3, 3, 4, 4, 4, 2]);
    });

    it('keeps a scope’s expected patients until an expected patient changes, and nothing else of the flow for it (LIVE-63)', async () => {
      const reads = new SharedReads();
      const made = new Map<string, number>();
      const read = (key: string) => async () => {
        made.set(key, (made.get(key) ?? 0) + 1);
        return key;
      };
      const keys = ['expected 1/ day', 'flow 1/ day', 'messages'];
      const evaluate = (version: string) =>
        Promise.all(keys.map((key) => reads.forChange('demo', version)(key, read(key))));
      const madeNow = () => keys.map((key) => made.get(key) ?? 0);
      await evaluate('41');
      // A visit, a call, a message: the expected patients are the same.
      reads.noteChanges('demo', [{ entity: 'visit' }, { entity: 'call' }, { entity: 'message' }]);
      await evaluate('42');
      expect(madeNow()).toEqual([1, 2, 2]);
      // An expected patient: only what shows expected patients is read again.
      reads.noteChanges('demo', [{ entity: 'expected_visit' }]);
      await evaluate('43');
      expect(madeNow()).toEqual([2, 2, 2]);
      // An arrival (a visit and the expected patient who became it): both.
      reads.noteChanges('demo', [{ entity: 'visit' }, { entity: 'expected_visit' }]);
      await evaluate('44');
      expect(madeNow()).toEqual([3, 3, 2]);
    });

    it('reads afresh for a board that starts, and forgets a customer whose last board left', async () => {
      const reads = new SharedReads();
      let made = 0;
      const read = async () => ++made;
      expect(await reads.forChange('demo', '41')('flow 1/', read)).toBe(1);
      // A board starting: its own read, kept for the boards after it.
      const start = reads.forChange('demo', 'start:41');
      expect(await Promise.all([start('flow 1/', read), start('flow 1/', read)])).toEqual([2, 2]);
      expect(await reads.forChange('demo', '42')('flow 1/', read)).toBe(2);
      reads.forget('demo');
      expect(await reads.forChange('demo', '43')('flow 1/', read)).toBe(3);
    });

    it('shares a start’s read with a board starting later from the same version, not from another (LIVE-52)', async () => {
      const reads = new SharedReads();
      let made = 0;
      const read = async () => ++made;
      expect(await reads.forChange('demo', 'start:41')('flow 1/', read)).toBe(1);
      // Its read answered before the next board asked: still the version's read.
      expect(await reads.forChange('demo', 'start:41')('flow 1/', read)).toBe(1);
      expect(await reads.forChange('demo', 'start:42')('flow 1/', read)).toBe(2);
      // A change that alters it forgets it, for a start as for a change.
      reads.noteChanges('demo', [{ entity: 'visit' }]);
      expect(await reads.forChange('demo', 'start:42')('flow 1/', read)).toBe(3);
      // A tick reads afresh whatever it kept: its number starts again with its clock.
      expect(await reads.forChange('demo', 'refresh:1')('flow 1/', read)).toBe(4);
      expect(await reads.forChange('demo', 'refresh:1')('flow 1/', read)).toBe(5);
    });
  });
});
