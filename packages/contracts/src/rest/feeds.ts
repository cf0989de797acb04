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

/** A receiving facility (MSH-6) mapped to the customer. */
export interface FacilityRecord {
  readonly facility: string;
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
  /** The 20 newest refused or failed messages. */
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
