import { locationKinds, phaseKinds } from '@careboard/contracts';
import { z } from 'zod';
import { idListSchema, idSchema, nameSchema, textSchema } from '../schema-parts.ts';
import { canonicalTimeZone } from './time-zone.ts';

/** The most phases one workflow holds (decision BOF-09). */
export const MAX_PHASES_PER_WORKFLOW = 100;

/** An IANA time zone name, stored as the runtime spells it (BOF-08). */
const timeZoneSchema = textSchema()
  .trim()
  .min(1)
  .max(64)
  .refine((value) => canonicalTimeZone(value) !== undefined, { error: 'not an IANA time zone' })
  .overwrite((value) => canonicalTimeZone(value) ?? value);

/** Staff type ids are smallints; anything in range that the customer lacks is NO_MASTER_ENTITY_FOUND. */
const staffTypeIdSchema = z.number().int().min(1).max(32_767);

const siteFields = { name: nameSchema(120), default_timezone: timeZoneSchema };
export const createSiteInput = z.strictObject(siteFields);
export const updateSiteInput = z.strictObject(siteFields).partial();

const departmentFields = { site_id: idSchema, name: nameSchema(120) };
export const createDepartmentInput = z.strictObject(departmentFields);
export const updateDepartmentInput = z.strictObject(departmentFields).partial();

const workflowFields = { department_id: idSchema, name: nameSchema(120) };
export const createWorkflowInput = z.strictObject(workflowFields);
export const updateWorkflowInput = z.strictObject(workflowFields).partial();

const phaseFields = {
  name: nameSchema(120),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  /** Up to a week: longer is a stay, not a phase. */
  estimated_duration_sec: z.number().int().min(1).max(604_800).nullable(),
  kind: z.enum(phaseKinds),
  supplementary_announcement: textSchema().trim().max(500).nullable(),
};
export const addPhaseInput = z.strictObject({
  ...phaseFields,
  estimated_duration_sec: phaseFields.estimated_duration_sec.default(null),
  supplementary_announcement: phaseFields.supplementary_announcement.default(null),
  /** Where it goes (0 first); left out, it is appended. */
  position: z.number().int().min(0).max(MAX_PHASES_PER_WORKFLOW).optional(),
});
export const updatePhaseInput = z.strictObject(phaseFields).partial();
export const reorderPhasesInput = z.strictObject({
  phase_ids: idListSchema(MAX_PHASES_PER_WORKFLOW).min(1),
});

const locationFields = { name: nameSchema(120), kind: z.enum(locationKinds) };
export const createLocationInput = z.strictObject(locationFields);
export const updateLocationInput = z.strictObject(locationFields).partial();

const stationFields = { location_id: idSchema, name: nameSchema(120) };
export const createStationInput = z.strictObject(stationFields);
export const updateStationInput = z.strictObject(stationFields).partial();

const staffFields = {
  display_name: nameSchema(120),
  staff_type_id: staffTypeIdSchema,
  badge_id: idSchema.nullable(),
};
export const createStaffInput = z.strictObject({
  ...staffFields,
  badge_id: staffFields.badge_id.default(null),
});
export const updateStaffInput = z.strictObject(staffFields).partial();

export const updateStaffTypeInput = z
  .strictObject({ name: nameSchema(60), abbreviation: textSchema().trim().min(1).max(10).nullable() })
  .partial();

export type CreateSiteInput = z.input<typeof createSiteInput>;
export type UpdateSiteInput = z.input<typeof updateSiteInput>;
export type CreateDepartmentInput = z.input<typeof createDepartmentInput>;
export type UpdateDepartmentInput = z.input<typeof updateDepartmentInput>;
export type CreateWorkflowInput = z.input<typeof createWorkflowInput>;
export type UpdateWorkflowInput = z.input<typeof updateWorkflowInput>;
export type AddPhaseInput = z.input<typeof addPhaseInput>;
export type UpdatePhaseInput = z.input<typeof updatePhaseInput>;
export type ReorderPhasesInput = z.input<typeof reorderPhasesInput>;
export type CreateLocationInput = z.input<typeof createLocationInput>;
export type UpdateLocationInput = z.input<typeof updateLocationInput>;
export type CreateStationInput = z.input<typeof createStationInput>;
export type UpdateStationInput = z.input<typeof updateStationInput>;
export type CreateStaffInput = z.input<typeof createStaffInput>;
export type UpdateStaffInput = z.input<typeof updateStaffInput>;
export type UpdateStaffTypeInput = z.input<typeof updateStaffTypeInput>;
