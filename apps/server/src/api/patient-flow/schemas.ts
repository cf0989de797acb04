import type { VisitNamesRecord, VisitRecord } from '@careboard/contracts';
import { z } from 'zod';

/**
 * A visit as a staff console reads it under read:patients: what a board may show, never the
 * patient's first or last name (decision BOF-33). `display_name` ("Anna K.") stays: the
 * workflow board shows it on the wall, so it is not a securable read.
 */
export const visitWithoutNamesSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  family_code: z.string(),
  workflow_id: z.number().int(),
  phase_id: z.number().int(),
  phase_entered_at: z.date(),
  location_id: z.number().int().nullable(),
  station_id: z.number().int().nullable(),
  badge_id: z.number().int().nullable(),
  badge_label: z.string().nullable(),
  tag_id: z.number().int().nullable(),
  staff_ids: z.array(z.number().int()),
  arrived_at: z.date(),
  completed_at: z.date().nullable(),
}) satisfies z.ZodType<VisitRecord>;

/** A patient's names (read:securable, each read audited; BOF-35). */
export const visitNamesSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  family_code: z.string(),
  workflow_id: z.number().int(),
  phase_id: z.number().int(),
  arrived_at: z.date(),
  completed_at: z.date().nullable(),
}) satisfies z.ZodType<VisitNamesRecord>;
