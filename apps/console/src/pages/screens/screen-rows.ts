import type { Device, DisplayBoardConfig, Location, SpeechCapability } from '@careboard/contracts';

/** What the page needs of a board or a location: its id and name. */
export type Named = Pick<DisplayBoardConfig | Location, 'id' | 'name'>;

export type ScreenStatus = 'online' | 'offline' | 'revoked';

/** One row of the screens grid: a device with its board's and location's names resolved. */
export interface ScreenRow {
  readonly id: number;
  readonly name: string;
  readonly status: ScreenStatus;
  readonly boardId: number | null;
  readonly boardName: string | null;
  readonly locationId: number | null;
  readonly locationName: string | null;
  readonly lastSeenAt: Date | null;
  readonly appVersion: string | null;
  readonly speech: SpeechCapability | null;
  readonly activatedBy: string | null;
}

export function statusOf(device: Device): ScreenStatus {
  if (device.revoked_at !== null) return 'revoked';
  return device.online ? 'online' : 'offline';
}

/**
 * The grid's rows by name, revoked ones last (decision CON-50): a row never jumps when its screen
 * goes offline, so a person about to press its button does not press another's.
 */
export function screenRows(
  devices: readonly Device[],
  boards: readonly Named[],
  locations: readonly Named[],
): ScreenRow[] {
  const boardNames = new Map(boards.map((board) => [board.id, board.name]));
  const locationNames = new Map(locations.map((location) => [location.id, location.name]));
  return devices
    .map((device) => ({
      id: device.id,
      name: device.name,
      status: statusOf(device),
      boardId: device.display_board_id,
      boardName: device.display_board_id === null ? null : (boardNames.get(device.display_board_id) ?? null),
      locationId: device.location_id,
      locationName: device.location_id === null ? null : (locationNames.get(device.location_id) ?? null),
      lastSeenAt: device.last_seen_at === null ? null : new Date(device.last_seen_at),
      appVersion: device.app_version,
      speech: device.speech ?? null,
      activatedBy: device.activated_by,
    }))
    .sort(
      (a, b) =>
        Number(a.status === 'revoked') - Number(b.status === 'revoked') ||
        a.name.localeCompare(b.name) ||
        a.id - b.id,
    );
}
