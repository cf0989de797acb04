import { describe, expect, it, vi } from 'vitest';
import { createBoardContentStore } from './board-content-store.ts';
import { compareVersions } from './frame-version.ts';

interface Row {
  readonly key: string;
  readonly value: number;
}

const frame = (
  version: string,
  kind: 'snapshot' | 'changes',
  upserts: Row[],
  removed: string[] = [],
  changed_at: string | null = null,
) => ({ version, kind, upserts, removed, changed_at });

describe('frame versions', () => {
  it('compare the change log version, then the tick, as numbers', () => {
    expect(compareVersions('10.0', '9.3')).toBe(1);
    expect(compareVersions('9.3', '9.12')).toBe(-1);
    expect(compareVersions('12.1', '12.1')).toBe(0);
  });
});

describe('board content store', () => {
  it('applies a snapshot, then changes: upserts replace rows, removed keys go', () => {
    const store = createBoardContentStore<Row>();
    store.apply(
      frame('1.0', 'snapshot', [
        { key: 'a', value: 1 },
        { key: 'b', value: 2 },
      ]),
    );
    store.apply(
      frame(
        '2.0',
        'changes',
        [
          { key: 'a', value: 5 },
          { key: 'c', value: 3 },
        ],
        ['b'],
      ),
    );
    expect(store.getRows()).toEqual([
      { key: 'a', value: 5 },
      { key: 'c', value: 3 },
    ]);
    expect(store.getKeys()).toEqual(['a', 'c']);
    expect(store.version()).toBe('2.0');
  });

  it('replaces everything on a snapshot (a resubscription too far behind)', () => {
    const store = createBoardContentStore<Row>();
    store.apply(frame('1.0', 'snapshot', [{ key: 'a', value: 1 }]));
    store.apply(frame('5.0', 'snapshot', [{ key: 'b', value: 2 }]));
    expect(store.getKeys()).toEqual(['b']);
  });

  it('ignores a changes frame not newer than the last one (a replay after a reconnect)', () => {
    const store = createBoardContentStore<Row>();
    store.apply(frame('3.0', 'snapshot', [{ key: 'a', value: 1 }]));
    store.apply(frame('2.0', 'changes', [{ key: 'a', value: 9 }]));
    expect(store.getRow('a')?.value).toBe(1);
    expect(store.version()).toBe('3.0');
  });

  it('wakes only the changed row, and the key list only when rows come or go', () => {
    const store = createBoardContentStore<Row>();
    store.apply(
      frame('1.0', 'snapshot', [
        { key: 'a', value: 1 },
        { key: 'b', value: 2 },
      ]),
    );
    const onA = vi.fn();
    const onB = vi.fn();
    const onKeys = vi.fn();
    store.subscribeRow('a', onA);
    store.subscribeRow('b', onB);
    store.subscribeKeys(onKeys);
    const keysBefore = store.getKeys();
    const rowB = store.getRow('b');

    store.apply(frame('2.0', 'changes', [{ key: 'a', value: 7 }]));
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).not.toHaveBeenCalled();
    expect(onKeys).not.toHaveBeenCalled();
    expect(store.getKeys()).toBe(keysBefore);
    expect(store.getRow('b')).toBe(rowB);

    store.apply(frame('3.0', 'changes', [], ['b']));
    expect(onKeys).toHaveBeenCalledTimes(1);
    expect(onB).toHaveBeenCalledTimes(1);
  });

  it('is not live until a frame arrives, not live after a drop, and live again on the catch-up frame', () => {
    const store = createBoardContentStore<Row>();
    expect(store.getStatus()).toMatchObject({ loaded: false, live: false });
    store.apply(frame('1.0', 'snapshot', [], [], '2026-11-23T10:00:00.000Z'), 1_000);
    expect(store.getStatus()).toEqual({
      loaded: true,
      live: true,
      dataAsOf: 1_000,
      changedAt: '2026-11-23T10:00:00.000Z',
    });
    store.markDisconnected(5_000);
    expect(store.getStatus()).toMatchObject({ live: false, dataAsOf: 5_000 });
    // The server answers a resubscription that missed nothing with an empty frame at the same version.
    store.apply(frame('1.0', 'changes', []), 9_000);
    expect(store.getStatus()).toMatchObject({
      live: true,
      dataAsOf: 9_000,
      changedAt: '2026-11-23T10:00:00.000Z',
    });
  });

  it('keeps the time data was last current while it stays disconnected', () => {
    const store = createBoardContentStore<Row>();
    store.apply(frame('1.0', 'snapshot', []), 1_000);
    store.markDisconnected(2_000);
    store.markDisconnected(8_000);
    expect(store.getStatus().dataAsOf).toBe(2_000);
  });
});
