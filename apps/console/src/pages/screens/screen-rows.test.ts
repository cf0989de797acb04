import type { Device } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import { screenEditSchema } from './screen-edit.ts';
import { screenRows, statusOf } from './screen-rows.ts';

const device = (overrides: Partial<Device>): Device => ({
  id: 1,
  name: 'Lobby',
  display_board_id: null,
  location_id: null,
  activated_by: 'admin@demo.test',
  activated_at: '2026-11-24T08:00:00.000Z',
  app_version: null,
  speech: null,
  ip: null,
  user_agent: null,
  online: false,
  last_seen_at: null,
  revoked_at: null,
  ...overrides,
});

describe('screen rows', () => {
  it('says online, offline or revoked, revoked winning over a stale online flag', () => {
    expect(statusOf(device({ online: true }))).toBe('online');
    expect(statusOf(device({ online: false }))).toBe('offline');
    expect(statusOf(device({ online: true, revoked_at: '2026-11-24T09:00:00.000Z' }))).toBe('revoked');
  });

  it('carries how each screen says it can speak, unknown until it has told (SCR-14)', () => {
    const rows = screenRows(
      [device({ id: 1, name: 'A', speech: 'fallback' }), device({ id: 2, name: 'B' })],
      [],
      [],
    );
    expect(rows.map((row) => row.speech)).toEqual(['fallback', null]);
  });

  it("names each screen's board and location, and none when it has none or they are gone", () => {
    const [row, bare] = screenRows(
      [
        device({ id: 1, name: 'A', display_board_id: 3, location_id: 7 }),
        device({ id: 2, name: 'B', display_board_id: 99 }),
      ],
      [{ id: 3, name: 'Clinic Calling Board' }],
      [{ id: 7, name: 'Main Waiting Room' }],
    );
    expect(row).toMatchObject({ boardName: 'Clinic Calling Board', locationName: 'Main Waiting Room' });
    expect(bare).toMatchObject({ boardId: 99, boardName: null, locationName: null });
  });

  it('keeps rows by name whatever their status, revoked ones last, so rows never jump on a status change', () => {
    const rows = screenRows(
      [
        device({ id: 1, name: 'Zeta', online: true }),
        device({ id: 2, name: 'Alpha', revoked_at: '2026-11-24T09:00:00.000Z' }),
        device({ id: 3, name: 'Mid' }),
        device({ id: 4, name: 'Beta', online: true }),
      ],
      [],
      [],
    );
    expect(rows.map((row) => row.name)).toEqual(['Beta', 'Mid', 'Zeta', 'Alpha']);
  });

  it('reads last seen as a date', () => {
    const [row] = screenRows([device({ last_seen_at: '2026-11-24T10:00:00.000Z' })], [], []);
    expect(row?.lastSeenAt?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });
});

describe('a screen edit', () => {
  it('takes a trimmed name of 1 to 120 characters and null for no board or location', () => {
    expect(screenEditSchema.parse({ name: '  Lobby ', display_board_id: null, location_id: 4 })).toEqual({
      name: 'Lobby',
      display_board_id: null,
      location_id: 4,
    });
    const empty = screenEditSchema.safeParse({ name: '  ', display_board_id: null, location_id: null });
    expect(empty.error?.issues[0]?.message).toBe('screens.edit.nameRequired');
    const long = screenEditSchema.safeParse({
      name: 'x'.repeat(121),
      display_board_id: 1,
      location_id: null,
    });
    expect(long.error?.issues[0]?.message).toBe('screens.edit.nameTooLong');
  });
});
