import { describe, expect, it } from 'vitest';
import { inParts, runSpread } from './heartbeat-parts.ts';

describe('the heartbeat in parts (LIVE-37)', () => {
  it('splits the held devices into parts of at most the size, every device once, in order', () => {
    const held = new Map([
      ['a', [1, 2, 3]],
      ['b', [4, 5, 6, 7, 8]],
      ['c', [9]],
    ]);
    expect(inParts(held, 4).map((part) => Object.fromEntries(part))).toEqual([
      { a: [1, 2, 3], b: [4] },
      { b: [5, 6, 7, 8] },
      { c: [9] },
    ]);
    expect(inParts(held, 100).map((part) => Object.fromEntries(part))).toEqual([
      { a: [1, 2, 3], b: [4, 5, 6, 7, 8], c: [9] },
    ]);
    expect(inParts(new Map(), 4)).toEqual([]);
  });
});

describe('the heartbeat spread over its interval (LIVE-45)', () => {
  const clock = () => {
    let at = 1_000;
    const started: number[] = [];
    return {
      started,
      options: (stopAfter = Number.POSITIVE_INFINITY) => ({
        withinMs: 4_000,
        now: () => at,
        sleep: async (ms: number) => {
          at += ms;
        },
        stopped: () => started.length >= stopAfter,
      }),
      run: (took: number) => async () => {
        started.push(at);
        at += took;
      },
    };
  };

  it('starts part i of n at i × within / n after the first, every part once, in order', async () => {
    const { started, options, run } = clock();
    const ran: string[] = [];
    const go = run(5);
    await runSpread(
      ['a', 'b', 'c', 'd'],
      async (part) => {
        ran.push(part);
        await go();
      },
      options(),
    );
    expect(ran).toEqual(['a', 'b', 'c', 'd']);
    expect(started).toEqual([1_000, 2_000, 3_000, 4_000]);
  });

  it('runs a part at once when the ones before took longer than its moment, never two at a time', async () => {
    const { started, options, run } = clock();
    // The first part takes 1.5 s: the second is late and starts as the first ends; the third keeps its moment.
    const took = [1_500, 10, 10];
    let index = 0;
    await runSpread([1, 2, 3], async () => run(took[index++] ?? 0)(), { ...options(), withinMs: 3_000 });
    expect(started).toEqual([1_000, 2_500, 3_000]);
  });

  it('stops between parts when the node stops, and runs one part without waiting', async () => {
    const { started, options, run } = clock();
    await runSpread([1, 2, 3, 4], run(1), options(2));
    expect(started).toEqual([1_000, 2_000]);
    const alone = clock();
    await runSpread(['only'], alone.run(1), alone.options());
    expect(alone.started).toEqual([1_000]);
  });
});
