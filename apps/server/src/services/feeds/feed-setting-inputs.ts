import { HL7_CHARSET_NAMES, locationKinds } from '@careboard/contracts';
import { z } from 'zod';
import { isAddressRange } from '../../domain/adt-senders.ts';
import { idSchema, textSchema } from '../schema-parts.ts';

/**
 * Where a rule applies: a kind of location or one location, never both, never neither. The
 * refusal names location_kind (decision FEED-43).
 */
function onePlace(rule: { location_kind?: unknown; location_id?: unknown }): boolean {
  return (rule.location_kind === null) !== (rule.location_id === null);
}

const placeFields = {
  location_kind: z.enum(locationKinds).nullable(),
  location_id: idSchema.nullable(),
};

/** POST /feed-rules: a patient badge entering the place moves its visit to phase_id. */
export const createFeedRuleInput = z
  .strictObject({
    workflow_id: idSchema,
    location_kind: placeFields.location_kind.default(null),
    location_id: placeFields.location_id.default(null),
    phase_id: idSchema,
  })
  .refine(onePlace, { error: 'exactly one of location_kind and location_id', path: ['location_kind'] });

/**
 * PATCH /feed-rules/:id: the fields given replace the rule's; the result must still name one
 * place (to switch from a kind to a location, send both: the one and null).
 */
export const updateFeedRuleInput = z.strictObject({
  workflow_id: idSchema.optional(),
  location_kind: placeFields.location_kind.optional(),
  location_id: placeFields.location_id.optional(),
  phase_id: idSchema.optional(),
});

export type CreateFeedRuleInput = z.input<typeof createFeedRuleInput>;
export type UpdateFeedRuleInput = z.input<typeof updateFeedRuleInput>;

export const onePlaceOf = onePlace;

/**
 * A component of PV1-3 as the EHR sends it, matched trimmed and without regard to case, as the
 * HL7 feed matches it (FEED-63); blank or null: any.
 */
const placeComponentSchema = textSchema()
  .trim()
  .max(80)
  .nullable()
  .transform((value) => (value ? value : null));

const PLACE_FIELDS = ['point_of_care', 'room', 'bed', 'facility', 'building', 'floor'] as const;

const pointOfCareFields = {
  point_of_care: placeComponentSchema,
  room: placeComponentSchema,
  bed: placeComponentSchema,
  facility: placeComponentSchema,
  building: placeComponentSchema,
  floor: placeComponentSchema,
  workflow_id: idSchema,
  /** Where an A02 to this point of care moves the visit; null: the location rules decide. */
  phase_id: idSchema.nullable(),
};

const namesAComponent = {
  message: 'name at least one of point_of_care, room, bed, facility, building and floor',
  path: ['point_of_care'],
};

export const createPointOfCareInput = z
  .strictObject({
    ...pointOfCareFields,
    point_of_care: pointOfCareFields.point_of_care.default(null),
    room: pointOfCareFields.room.default(null),
    bed: pointOfCareFields.bed.default(null),
    facility: pointOfCareFields.facility.default(null),
    building: pointOfCareFields.building.default(null),
    floor: pointOfCareFields.floor.default(null),
    phase_id: pointOfCareFields.phase_id.default(null),
  })
  .refine((point) => PLACE_FIELDS.some((field) => point[field] !== null), namesAComponent);
export const updatePointOfCareInput = z.strictObject(pointOfCareFields).partial();

export type CreatePointOfCareInput = z.input<typeof createPointOfCareInput>;
export type UpdatePointOfCareInput = z.input<typeof updatePointOfCareInput>;

/** MSH-6 (receiving facility) as the EHR sends it, trimmed; unique across every customer. */
export const facilitySchema = textSchema().trim().min(1).max(180);

export const createFacilityInput = z.strictObject({ facility: facilitySchema });

/** How a facility's messages are read (FEED-59, FEED-64, FEED-71); what is left out stays. */
export const updateFacilityInput = z.strictObject({
  /** The character set of messages whose MSH-18 is empty; null: UTF-8. */
  charset: z.enum(HL7_CHARSET_NAMES).nullable().optional(),
  test_facility: z.boolean().optional(),
  /** CX.5 of the PID-3 repetition that is the patient's identifier (HL7 table 0203: MR, PI, NH …). */
  patient_id_type: textSchema().trim().min(1).max(10).optional(),
  /** CX.4.1 of it; blank or null: any authority. */
  patient_id_authority: textSchema()
    .trim()
    .max(80)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
  /** SCH-25 values that mean the patient has arrived (stored upper case, compared so). */
  arrival_statuses: z
    .array(
      textSchema()
        .trim()
        .min(1)
        .max(40)
        .transform((value) => value.toUpperCase()),
    )
    .max(20)
    .optional(),
});

export type UpdateFacilityInput = z.input<typeof updateFacilityInput>;

export type CreateFacilityInput = z.input<typeof createFacilityInput>;

/** MSH-3.1 (sending application) or MSH-4.1 (sending facility) as sent; blank or null: any. */
const senderNameSchema = textSchema()
  .trim()
  .max(180)
  .transform((name) => name || null)
  .nullable();

/**
 * Where a sender may connect from: 1 to 32 addresses or CIDR ranges (`10.20.0.0/16`, `fd00::/8`),
 * each checked with Node's BlockList; a wrong one is IS_NOT_VALID naming `addresses.<index>`.
 */
const addressesSchema = z
  .array(textSchema().trim().max(64).refine(isAddressRange, { error: 'must be an address or a CIDR range' }))
  .min(1)
  .max(32);

const senderFields = {
  facility: facilitySchema,
  sending_application: senderNameSchema,
  sending_facility: senderNameSchema,
  addresses: addressesSchema,
};

/** POST /adt/senders: who may send a facility's ADT, and from where (decision FEED-52). */
export const createSenderInput = z.strictObject({
  ...senderFields,
  sending_application: senderFields.sending_application.default(null),
  sending_facility: senderFields.sending_facility.default(null),
});
export const updateSenderInput = z.strictObject(senderFields).partial();

export type CreateSenderInput = z.input<typeof createSenderInput>;
export type UpdateSenderInput = z.input<typeof updateSenderInput>;
