import type {
  AdtSenderRecord,
  FacilityRecord,
  FeedMessageSummaryRecord,
  FeedRule,
  FeedStatusRecord,
  PointOfCare,
} from '@careboard/contracts';
import { z } from 'zod';

const id = z.number().int();
const feedName = z.enum(['rtls', 'hl7']);
const transport = z.enum(['webhook', 'mqtt', 'mllp', 'demo']);
const messageStatus = z.enum(['received', 'applied', 'ignored', 'duplicate', 'error', 'rejected']);

export const feedRuleSchema = z.object({
  id,
  workflow_id: id,
  /** One of location_kind and location_id is set. */
  /** A location kind (contracts' locationKinds). */
  location_kind: z.string().nullable(),
  location_id: id.nullable(),
  phase_id: id,
}) satisfies z.ZodType<FeedRule>;

export const pointOfCareSchema = z.object({
  id,
  point_of_care: z.string().nullable(),
  room: z.string().nullable(),
  bed: z.string().nullable(),
  facility: z.string().nullable(),
  building: z.string().nullable(),
  floor: z.string().nullable(),
  workflow_id: id,
  phase_id: id.nullable(),
}) satisfies z.ZodType<PointOfCare>;

export const facilitySchema = z.object({
  facility: z.string(),
  charset: z.string().nullable(),
  test_facility: z.boolean(),
  patient_id_type: z.string(),
  patient_id_authority: z.string().nullable(),
  arrival_statuses: z.array(z.string()),
  created_at: z.date(),
}) satisfies z.ZodType<FacilityRecord>;

/** Who may send a facility's ADT (decision FEED-52): MSH-3, MSH-4 (null: any), addresses. */
export const senderSchema = z.object({
  id,
  facility: z.string(),
  sending_application: z.string().nullable(),
  sending_facility: z.string().nullable(),
  /** Addresses and CIDR ranges the sender may connect from. */
  addresses: z.array(z.string()),
  created_at: z.date(),
}) satisfies z.ZodType<AdtSenderRecord>;

/** A message's outcome, never its body (which may hold patients' names). */
export const feedMessageSummarySchema = z.object({
  /** bigint, as text. */
  id: z.string(),
  feed: feedName,
  transport,
  control_id: z.string().nullable(),
  message_type: z.string().nullable(),
  received_at: z.date(),
  processed_at: z.date().nullable(),
  status: messageStatus,
  ack_code: z.enum(['AA', 'AE', 'AR']).nullable(),
  reason: z.string().nullable(),
  item_count: z.number().int(),
  unknown_count: z.number().int(),
}) satisfies z.ZodType<FeedMessageSummaryRecord>;

const hourSchema = z.object({
  hour: z.date(),
  received: z.number().int(),
  applied: z.number().int(),
  /** Refused or failed. */
  errors: z.number().int(),
  sightings: z.number().int(),
});

export const feedStatusSchema = z.object({
  /** Per transport: webhook and mqtt carry RTLS, mllp HL7, demo the simulator's of both. */
  transports: z.array(
    z.object({
      transport,
      last_message_at: z.date().nullable(),
      last_error_at: z.date().nullable(),
      /** The last 24 hours, oldest first. */
      hours: z.array(hourSchema),
    }),
  ),
  /** The 20 newest refused or failed messages. */
  errors: z.array(feedMessageSummarySchema),
}) satisfies z.ZodType<FeedStatusRecord>;

/** `?feed=hl7&transport=mllp&status=error` on the review list. */
export const feedMessageFilters = {
  feed: feedName.optional(),
  transport: transport.optional(),
  status: messageStatus.optional(),
};
