import { describe, expect, it } from 'vitest';
import type { ChangeRow } from '../../store/change-log.ts';
import type { ChangeListener } from '../bus/change-feed.ts';
import { DeviceWatch } from './device-watch.ts';

/** The change feed's subscribe, counted: listeners by customer, and how many unsubscribed. */
function fakeFeed(failFirst = false) {
  const listeners = new Map<string, ChangeListener[]>();
  let unsubscribed = 0;
  let calls = 0;
  return {
    listeners,
    unsubscribed: () => unsubscribed,
    subscribe: async (customerId: string, listener: ChangeListener) => {
      calls += 1;
      if (failFirst && calls === 1) throw new Error('the database is away');
      listeners.set(customerId, [...(listeners.get(customerId) ?? []), listener]);
      return () => {
        unsubscribed += 1;
        listeners.set(
          customerId,
          (listeners.get(customerId) ?? []).filter((each) => each !== listener),
        );
      };
    },
    push(customerId: string, rows: Partial<ChangeRow>[]) {
      for (const listener of listeners.get(customerId) ?? []) listener(rows as ChangeRow[]);
    },
  };
}

const device = (id: number): Partial<ChangeRow> => ({ entity: 'device', entity_id: id });

describe('DeviceWatch (LIVE-30)', () => {
  it('wakes only the screens whose device a batch names, once per batch, through one subscription per customer', async () => {
    const feed = fakeFeed();
    const watch = new DeviceWatch(feed);
    const woken: string[] = [];
    await watch.watch('demo', 1, () => woken.push('demo 1 a'));
    await watch.watch('demo', 1, () => woken.push('demo 1 b'));
    await watch.watch('demo', 2, () => woken.push('demo 2'));
    await watch.watch('other', 1, () => woken.push('other 1'));
    expect(feed.listeners.get('demo')).toHaveLength(1);

    // Device 1 twice in the batch, a visit with the id 2, and nothing of device 2.
    feed.push('demo', [device(1), { entity: 'visit', entity_id: 2 }, device(1)]);
    expect(woken).toEqual(['demo 1 a', 'demo 1 b']);
    woken.length = 0;
    feed.push('demo', [device(2), device(3)]);
    expect(woken).toEqual(['demo 2']);
    woken.length = 0;
    // Coming online or going offline is no change of the record: nobody wakes (LIVE-48).
    feed.push('demo', [
      { entity: 'device_presence', entity_id: 1 },
      { entity: 'device_presence', entity_id: 2 },
    ]);
    expect(woken).toEqual([]);
  });

  it("stops waking a screen that stopped, and leaves the feed when the customer's last screen goes", async () => {
    const feed = fakeFeed();
    const watch = new DeviceWatch(feed);
    const woken: string[] = [];
    const stopA = await watch.watch('demo', 1, () => woken.push('a'));
    const stopB = await watch.watch('demo', 2, () => woken.push('b'));
    stopA();
    feed.push('demo', [device(1), device(2)]);
    expect(woken).toEqual(['b']);
    expect(feed.unsubscribed()).toBe(0);
    stopB();
    stopB();
    await Promise.resolve();
    expect(feed.unsubscribed()).toBe(1);
    expect(feed.listeners.get('demo')).toEqual([]);

    // A screen that comes later subscribes afresh.
    await watch.watch('demo', 1, () => woken.push('c'));
    feed.push('demo', [device(1)]);
    expect(woken).toEqual(['b', 'c']);
  });

  it('fails a watch whose subscription failed, and the next one subscribes again', async () => {
    const feed = fakeFeed(true);
    const watch = new DeviceWatch(feed);
    await expect(watch.watch('demo', 1, () => undefined)).rejects.toThrow('the database is away');
    const woken: number[] = [];
    await watch.watch('demo', 1, () => woken.push(1));
    feed.push('demo', [device(1)]);
    expect(woken).toEqual([1]);
  });
});
