import type { Json } from './json.ts';

/**
 * A visit as a staff console reads it (GET /visits): what a board may show, never the patient's
 * first or last name (BOF-33; those are read under securable/, audited).
 */
export interface VisitRecord {
  readonly id: number;
  readonly display_name: string;
  readonly family_code: string;
  readonly workflow_id: number;
  readonly phase_id: number;
  readonly phase_entered_at: Date;
  readonly location_id: number | null;
  readonly station_id: number | null;
  readonly badge_id: number | null;
  readonly badge_label: string | null;
  readonly tag_id: number | null;
  /** Staff with the patient now, by id. */
  readonly staff_ids: number[];
  readonly arrived_at: Date;
  readonly completed_at: Date | null;
}

export interface Visit extends Json<VisitRecord> {}

/** A patient's names: what only securable/ reads hand out, each read audited (BOF-35). */
export interface VisitNamesRecord {
  readonly id: number;
  readonly first_name: string;
  readonly last_name: string;
  readonly display_name: string;
  readonly family_code: string;
  readonly workflow_id: number;
  readonly phase_id: number;
  readonly arrived_at: Date;
  readonly completed_at: Date | null;
}

export interface VisitNames extends Json<VisitNamesRecord> {}

/** A message the boards run as a banner, as GET /messages lists it (BOF-36). */
export interface MessageRecord {
  readonly id: number;
  /** One of `MessageSenderType`. */
  readonly sender_type: number;
  readonly text: string;
  readonly display_board_id: number | null;
  readonly workflow_id: number | null;
  readonly created_at: Date;
  readonly expires_at: Date | null;
  /** Not expired now: boards run it. */
  readonly active: boolean;
}

export interface Message extends Json<MessageRecord> {}
