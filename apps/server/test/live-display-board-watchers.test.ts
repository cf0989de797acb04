import type { DisplayBoardConfig } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../src/live/bus/change-feed.ts';
import { DisplayBoardWatchers } from '../src/live/graphql/display-board-watchers.ts';
import type { ChangeRow } from '../src/store/change-log.ts';

/** A board's config as the store answers it; only the name changes here. */
function config(name: string): DisplayBoardConfig {
  return {
    id: 1,
    name,
    display_board_type_id: 1,
    workflow_ids: [1],
    phase_ids: [1, 2],
    page_rotation_sec: 10,
    table_configuration: null,
    department: { id: 1, name: 'Surgery', site: { id: 1, name: 'Main', default_timezone: 'UTC' } },
    show_badge: true,
    show_display_name: true,
    show_estimated_duration: false,
    show_avg_duration: false,
    show_expected: false,
    play_tone: false,
    play_announcement: false,
    announcement_template: null,
    announcement_voice: 'female',
    announcement_rate: 1,
    location_ids: [],
    display_style_id: 1,
  };
}

const boardChange: ChangeRow = {
  version: '1',
  customer_id: 'demo',
  entity: 'display_board',
  entity_id: 1,
  action: 'update',
  board_ids: [1],
  created_at: new Date(0),
};

/** The change feed's one call the watchers make, with the listener kept to play changes to. */
function fakeFeed(): { feed: ChangeFeed; change: () => void } {
  let listener: ChangeListener | undefined;
  const feed = {
    subscribe: async (_customerId: string, each: ChangeListener) => {
      listener = each;
      return () => undefined;
    },
  } as unknown as ChangeFeed;
  return { feed, change: () => listener?.([boardChange]) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('DisplayBoardWatchers', () => {
  it('sends a config read again unchanged no second time, and a changed one at once', async () => {
    const { feed, change } = fakeFeed();
    // What the store holds at each read: a change read after the next one was committed finds
    // the same config as the next one's read (bench:fanout's duplicates, LIVE-51).
    const stored = [config('A'), config('B'), config('B'), config('C')];
    const watchers = new DisplayBoardWatchers(feed, async () => stored.shift());
    const sent: (string | undefined)[] = [];
    watchers.attach(
      'demo',
      1,
      (each) => sent.push(each?.name),
      (error) => sent.push(String(error)),
    );
    await settle();
    expect(sent).toEqual(['A']);

    change();
    await settle();
    change();
    await settle();
    expect(sent).toEqual(['A', 'B']);

    change();
    await settle();
    expect(sent).toEqual(['A', 'B', 'C']);
  });

  it('sends a board that is gone each time it is read so, and the config when it is back', async () => {
    const { feed, change } = fakeFeed();
    const stored = [config('A'), undefined, config('A')];
    const watchers = new DisplayBoardWatchers(feed, async () => stored.shift());
    const sent: (string | undefined)[] = [];
    watchers.attach(
      'demo',
      1,
      (each) => sent.push(each?.name ?? 'gone'),
      () => sent.push('failed'),
    );
    await settle();
    change();
    await settle();
    change();
    await settle();
    expect(sent).toEqual(['A', 'gone', 'A']);
  });
});
