import type { AckCode, FeedMessageStatus, FeedName, FeedTransport } from '@careboard/contracts';
import type { ColumnType, Generated } from 'kysely';

/** The feeds' tables (migration 0204, decision FEED-01): what RTLS and HL7 ADT bring, and how it maps. */
export interface FeedTables {
  feed_secrets: FeedSecretsTable;
  feed_messages: FeedMessagesTable;
  feed_rules: FeedRulesTable;
  adt_facilities: AdtFacilitiesTable;
  adt_points_of_care: AdtPointsOfCareTable;
  feed_unknown_customers: FeedUnknownCustomersTable;
  adt_senders: AdtSendersTable;
  adt_unmapped_points_of_care: AdtUnmappedPointsOfCareTable;
}

/** A point of care the feed brought and nothing maps, counted (FEED-63). */
export interface AdtUnmappedPointsOfCareTable {
  customer_id: string;
  /** PV1-3 as read: its components joined by `^`, trimmed, lower case. */
  point_of_care: string;
  messages: ColumnType<number, number | undefined, number>;
  first_at: CreatedAt;
  last_at: ColumnType<Date, Date | undefined, Date>;
}

type Id = ColumnType<number, never, never>;
type CustomerId = ColumnType<string, string, never>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

/** The feed's names, transports, message statuses and ACK codes are the REST answers' (FND-42). */
export type { AckCode, FeedMessageStatus, FeedName, FeedTransport };

export interface FeedSecretsTable {
  customer_id: string;
  feed: 'rtls';
  secret: string;
  created_at: CreatedAt;
  created_by: string | null;
}

/** One message a feed brought, stored before its answer (kept with its outcome for review). */
export interface FeedMessagesTable {
  /** bigint: pg hands it over as a string. */
  id: ColumnType<string, never, never>;
  /** Null: the message named no customer we have. */
  customer_id: ColumnType<string | null, string | null, never>;
  feed: FeedName;
  transport: FeedTransport;
  /** MSH-10 for HL7; the batch's id for RTLS when it has one. */
  control_id: string | null;
  /** `ADT^A04`, `sightings`. */
  message_type: string | null;
  received_at: CreatedAt;
  processed_at: Date | null;
  status: Generated<FeedMessageStatus>;
  ack_code: AckCode | null;
  /** Why it was refused or failed (never a patient's name). */
  reason: string | null;
  /** Sightings in a batch, 1 for an HL7 message. */
  item_count: Generated<number>;
  /** Sightings of a tag or sensor we do not know. */
  unknown_count: Generated<number>;
  body: string;
  /** An RTLS batch without a batch id is known by its bytes (migration 0209, decision FEED-56). */
  body_sha256: Buffer | null;
  /** Deliveries after the first, counted instead of stored (FEED-56). */
  repeats: Generated<number>;
  last_repeat_at: Date | null;
  /** MSH-3.1 and MSH-4.1: with the control id, the message's identity (migration 0211, FEED-58). */
  sending_application: string | null;
  sending_facility: string | null;
  /** What a repeat is compared on: the decoded message without MSH-7 (FEED-58). */
  content_sha256: Buffer | null;
  /** A repeat of this message's identity with other content, kept beside it (FEED-58). */
  repeat_of: string | null;
  /** The message's bytes as received, and the character set they were read in (FEED-59). */
  body_bytes: Buffer | null;
  charset: string | null;
  /** PV1-3 as read (lower case) of a message ignored because nothing maps it (FEED-63). */
  point_of_care: string | null;
}

/** Messages that named no customer we have, counted per feed and transport, not kept (FEED-57). */
export interface FeedUnknownCustomersTable {
  feed: FeedName;
  transport: FeedTransport;
  /** bigint: pg hands it over as a string. */
  messages: ColumnType<string, string | number | undefined, string | number>;
  first_at: CreatedAt;
  last_at: ColumnType<Date, Date | undefined, Date>;
  /** The last name given (a topic's level), at most 100 characters. */
  last_customer: string | null;
}

export interface FeedRulesTable {
  id: Id;
  customer_id: CustomerId;
  workflow_id: number;
  /** One of location_kind or location_id. */
  location_kind: string | null;
  location_id: number | null;
  phase_id: number;
}

export interface AdtFacilitiesTable {
  facility: string;
  customer_id: string;
  created_at: CreatedAt;
  /** The character set of messages whose MSH-18 is empty; null: UTF-8 (FEED-59). */
  charset: ColumnType<string | null, string | null | undefined, string | null>;
  /** Training and debugging messages (MSH-11 T, D) are applied too (FEED-64). */
  test_facility: ColumnType<boolean, boolean | undefined, boolean>;
  /** Which PID-3 repetition is the patient's identifier: its type (CX.5) and authority (CX.4.1, null: any; FEED-71). */
  patient_id_type: ColumnType<string, string | undefined, string>;
  patient_id_authority: ColumnType<string | null, string | null | undefined, string | null>;
  /** SCH-25 values (upper case) read as the patient's arrival (FEED-72). */
  arrival_statuses: ColumnType<string[], string[] | undefined, string[]>;
}

/**
 * PV1-3's components a mapping names (null: any), matched trimmed and case-insensitively; at
 * least one is named (migration 0211, FEED-63).
 */
export interface AdtPointsOfCareTable {
  id: Id;
  customer_id: CustomerId;
  point_of_care: string | null;
  room: ColumnType<string | null, string | null | undefined, string | null>;
  bed: ColumnType<string | null, string | null | undefined, string | null>;
  facility: ColumnType<string | null, string | null | undefined, string | null>;
  building: ColumnType<string | null, string | null | undefined, string | null>;
  floor: ColumnType<string | null, string | null | undefined, string | null>;
  workflow_id: number;
  /** Where an A02 to this point of care moves the visit; null: the location rules decide. */
  phase_id: number | null;
}

/** Who may send a facility's ADT, and from where (migration 0208, decision FEED-52). */
export interface AdtSendersTable {
  id: Id;
  customer_id: CustomerId;
  facility: string;
  /** MSH-3.1 as sent; null: any. */
  sending_application: string | null;
  /** MSH-4.1 as sent; null: any. */
  sending_facility: string | null;
  /** Addresses and CIDR ranges the sender may connect from (at least one). */
  addresses: string[];
  created_at: CreatedAt;
}
