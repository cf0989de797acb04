import type { Json } from './json.ts';

/** The feeds (decisions FEED-*): RTLS sightings and HL7 ADT, and the transports that carry them. */
export type FeedName = 'rtls' | 'hl7';
export type FeedTransport = 'webhook' | 'mqtt' | 'mllp' | 'demo';
export type FeedMessageStatus = 'received' | 'applied' | 'ignored' | 'duplicate' | 'error' | 'rejected';
export type AckCode = 'AA' | 'AE' | 'AR';

/**
 * A workflow's RTLS rule: a patient badge entering a location of `location_kind`, or the location
 * `location_id` (exactly one of them), moves the visit to `phase_id`.
 */
export interface FeedRule {
  readonly id: number;
  readonly workflow_id: number;
  /** A location kind (`locationKinds`). */
  readonly location_kind: string | null;
  readonly location_id: number | null;
  readonly phase_id: number;
}

/**
 * An ADT patient place → a workflow, and optionally the phase an A02 moves to. It names any of
 * PV1-3's components (null: any), matched trimmed and without regard to case; at least one.
 */
export interface PointOfCare {
  readonly id: number;
  /** PV1-3.1. */
  readonly point_of_care: string | null;
  /** PV1-3.2, PV1-3.3, PV1-3.4, PV1-3.7, PV1-3.8. */
  readonly room: string | null;
  readonly bed: string | null;
  readonly facility: string | null;
  readonly building: string | null;
  readonly floor: string | null;
  readonly workflow_id: number;
  readonly phase_id: number | null;
}

/**
 * The character sets the HL7 feed reads, by their table 0211 names (FEED-59): what MSH-18 may
 * name, and what a facility's default may be.
 */
export const HL7_CHARSET_NAMES = Object.freeze([
  'ASCII',
  'ISO IR6',
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16].map((part) => `8859/${part}`),
  'ISO IR14',
  'GB 18030-2000',
  'KS X 1001',
  'BIG-5',
  'UNICODE UTF-8',
] as const);

/** A receiving facility (MSH-6) mapped to the customer, and how its messages are read. */
export interface FacilityRecord {
  readonly facility: string;
  /** The character set of messages whose MSH-18 is empty (one of HL7_CHARSET_NAMES); null: UTF-8 (FEED-59). */
  readonly charset: string | null;
  /** Training and debugging messages (MSH-11 T, D) are applied: for go-live rehearsals (FEED-64). */
  readonly test_facility: boolean;
  /** Which PID-3 repetition is the patient's identifier: its type (CX.5) and assigning authority (CX.4.1, null: any), FEED-71. */
  readonly patient_id_type: string;
  readonly patient_id_authority: string | null;
  /** SCH-25 values (upper case) that mean the patient has arrived for an appointment (FEED-72). */
  readonly arrival_statuses: string[];
  readonly created_at: Date;
}

export interface Facility extends Json<FacilityRecord> {}

/** Who may send a facility's ADT, and from where (FEED-52). */
export interface AdtSenderRecord {
  readonly id: number;
  readonly facility: string;
  /** MSH-3.1; null: any. */
  readonly sending_application: string | null;
  /** MSH-4.1; null: any. */
  readonly sending_facility: string | null;
  /** Addresses and CIDR ranges the sender may connect from. */
  readonly addresses: string[];
  readonly created_at: Date;
}

export interface AdtSender extends Json<AdtSenderRecord> {}

/** A feed message's outcome, never its body (which may hold patients' names; FEED-47). */
export interface FeedMessageSummaryRecord {
  /** bigint, as text. */
  readonly id: string;
  readonly feed: FeedName;
  readonly transport: FeedTransport;
  readonly control_id: string | null;
  readonly message_type: string | null;
  readonly received_at: Date;
  readonly processed_at: Date | null;
  readonly status: FeedMessageStatus;
  readonly ack_code: AckCode | null;
  readonly reason: string | null;
  readonly item_count: number;
  readonly unknown_count: number;
}

export interface FeedMessageSummary extends Json<FeedMessageSummaryRecord> {}

/** One hour of one transport: messages received, applied, refused or failed, and sightings. */
export interface FeedHourRecord {
  /** The hour's start. */
  readonly hour: Date;
  readonly received: number;
  readonly applied: number;
  /** Refused or failed. */
  readonly errors: number;
  /** Sightings the hour's RTLS batches carried (their item counts). */
  readonly sightings: number;
}

export interface FeedHour extends Json<FeedHourRecord> {}

export interface TransportStatusRecord {
  readonly transport: FeedTransport;
  readonly last_message_at: Date | null;
  readonly last_error_at: Date | null;
  /** 24 hours, oldest first; the last is the hour now running. */
  readonly hours: FeedHourRecord[];
}

export interface TransportStatus extends Json<TransportStatusRecord> {}

/** GET /feeds/status: per transport (webhook and mqtt carry RTLS, mllp HL7, demo both), and the newest errors. */
export interface FeedStatusRecord {
  readonly transports: TransportStatusRecord[];
  /** The 20 newest messages refused, failed, or answered and left out by a rule (`ignored`). */
  readonly errors: FeedMessageSummaryRecord[];
}

export interface FeedStatus extends Json<FeedStatusRecord> {}

/** GET /feeds/rtls/secret: whether the RTLS webhook has a secret, and since when (FEED-38). */
export interface RtlsSecretStatusRecord {
  readonly exists: boolean;
  readonly created_at: Date | null;
}

export interface RtlsSecretStatus extends Json<RtlsSecretStatusRecord> {}

/** POST /feeds/rtls/secret's answer: the new secret (32 random bytes, hex), shown this once. */
export interface MadeRtlsSecretRecord {
  readonly secret: string;
  readonly created_at: Date;
}

export interface MadeRtlsSecret extends Json<MadeRtlsSecretRecord> {}

/**
 * A point of care the HL7 feed brought that no mapping names (FEED-63): messages for it are
 * answered AA and shown on no board. GET /adt/unmapped-points-of-care, newest first.
 */
export interface UnmappedPointOfCareRecord {
  /** PV1-3.1 as read, trimmed, lower case. */
  readonly point_of_care: string;
  readonly messages: number;
  readonly first_at: Date;
  readonly last_at: Date;
}

export interface UnmappedPointOfCare extends Json<UnmappedPointOfCareRecord> {}

/**
 * POST /adt/unmapped-points-of-care/map `{ point_of_care, workflow_id, phase_id? }`: the mapping
 * made, and the stored messages of that point of care replayed through it, oldest first.
 */
export interface MappedPointOfCare {
  readonly point: PointOfCare;
  /** Messages replayed, and how many of them changed a board. */
  readonly replayed: number;
  readonly applied: number;
}

/** POST /feeds/hl7/messages/:id/replay: the stored message's outcome after it was read again. */
export interface ReplayedMessage {
  readonly message: FeedMessageSummary;
}

/** How a dry run found the message's place (FEED-63). */
export type DryRunPlaceStatus = 'mapped' | 'catch_all' | 'not_mapped' | 'none';

/** What the dry run read of one message, as the feed reads it (field numbers in the names). */
export interface DryRunFields {
  /** PID-3 as chosen (FEED-62). */
  readonly patient_id: string;
  /** PV1-19; '' when empty or `""`. */
  readonly visit_number: string;
  /** PID-5.1 and PID-5.2. */
  readonly family_name: string;
  readonly given_name: string;
  /** PV1-3.1, .2, .3, .4, .7, .8. */
  readonly point_of_care: string;
  readonly room: string;
  readonly bed: string;
  readonly facility: string;
  readonly building: string;
  readonly floor: string;
}

/** One message of a dry run (POST /feeds/hl7/dry-run): what it says, and what the feed would do. */
export interface DryRunMessage {
  /** 1 for the first message pasted. */
  readonly index: number;
  /** MSH-10, MSH-9 (`ADT^A01`), MSH-11, MSH-18 (or the default used). */
  readonly control_id: string;
  readonly message_type: string;
  readonly processing_id: string;
  readonly charset: string;
  /** MSH-6, and whether it is one of the caller's facilities. */
  readonly facility: { readonly name: string; readonly mapped: boolean; readonly test_facility: boolean };
  /** MSH-3 and MSH-4, and whether the facility lists them (the address is not checked in a dry run). */
  readonly sender: { readonly application: string; readonly facility: string; readonly listed: boolean };
  /** What was read; null when the message could not be read so far. */
  readonly fields: DryRunFields | null;
  /** The mapping the place matched. */
  readonly place: {
    readonly status: DryRunPlaceStatus;
    /** The mapping's id when `mapped`; the workflow for `mapped` and `catch_all`. */
    readonly mapping_id: number | null;
    readonly workflow_id: number | null;
    readonly workflow_name: string | null;
  };
  /** The answer that would be sent. */
  readonly answer: {
    readonly code: AckCode;
    readonly reason: string | null;
    readonly error_code: string | null;
  };
  /** What would change, and on which boards; null when nothing would. */
  readonly effect: {
    /** `admit`, `rename`, `transfer`, `discharge`, … : the event's effect, in a word. */
    readonly kind: string;
    /** The visit changed (null: a new one). */
    readonly visit_id: number | null;
    readonly workflow_id: number;
    readonly workflow_name: string;
    readonly phase_id: number | null;
    readonly phase_name: string | null;
    /** The display boards of the caller's customer that show that workflow. */
    readonly boards: readonly { readonly id: number; readonly name: string }[];
  } | null;
}

/** POST /feeds/hl7/dry-run `{ text }` (pasted) or `{ base64 }` (a file's bytes): nothing is applied or stored. */
export interface DryRunResult {
  readonly messages: readonly DryRunMessage[];
  /** Why the text as a whole could not be read (no MSH at all); null when it could. */
  readonly refusal: string | null;
}
