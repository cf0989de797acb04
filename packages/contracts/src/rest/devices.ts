import type { SpeechCapability } from '../display-board/speech.ts';
import type { Json } from './json.ts';

/** A screen as GET /devices lists it: what it shows, where it hangs, who activated it, whether it is online (BOF-42). */
export interface DeviceRecord {
  readonly id: number;
  readonly name: string;
  readonly display_board_id: number | null;
  readonly location_id: number | null;
  /** The email of the account that confirmed its code. */
  readonly activated_by: string | null;
  readonly activated_at: Date | null;
  readonly app_version: string | null;
  /** How its patient board can speak (SCR-14); null until told. */
  readonly speech: SpeechCapability | null;
  /** The address its activation came from. */
  readonly ip: string | null;
  readonly user_agent: string | null;
  /** A live connection holds it now, on any server node. */
  readonly online: boolean;
  readonly last_seen_at: Date | null;
  readonly revoked_at: Date | null;
}

export interface Device extends Json<DeviceRecord> {}

/** POST /devices/pair's answer: the screen's device record, its code approved (BOF-51). */
export interface PairedDeviceRecord extends DeviceRecord {
  readonly status: 'approved';
}

export interface PairedDevice extends Json<PairedDeviceRecord> {}
