import {
  type Department,
  type Location,
  locationKinds,
  type Phase,
  phaseKinds,
  type Site,
  type StaffMember,
  type StaffType,
  type Station,
  type Workflow,
} from '@careboard/contracts';
import { z } from 'zod';

/** What the care-setting routes answer with: the stored rows, as the repositories return them (each checked against its contract, FND-42). */
export const siteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  default_timezone: z.string(),
}) satisfies z.ZodType<Site>;
export const departmentSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  name: z.string(),
}) satisfies z.ZodType<Department>;
export const workflowSchema = z.object({
  id: z.number().int(),
  department_id: z.number().int(),
  name: z.string(),
}) satisfies z.ZodType<Workflow>;
export const phaseSchema = z.object({
  id: z.number().int(),
  workflow_id: z.number().int(),
  name: z.string(),
  /** 0 first; the workflow's phases are numbered without gaps. */
  position: z.number().int(),
  color: z.string(),
  estimated_duration_sec: z.number().int().nullable(),
  kind: z.string().describe(`one of ${phaseKinds.join(', ')}`),
  supplementary_announcement: z.string().nullable(),
}) satisfies z.ZodType<Phase>;
export const locationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string().describe(`one of ${locationKinds.join(', ')}`),
}) satisfies z.ZodType<Location>;
export const stationSchema = z.object({
  id: z.number().int(),
  location_id: z.number().int(),
  name: z.string(),
}) satisfies z.ZodType<Station>;
export const staffSchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  staff_type_id: z.number().int(),
  badge_id: z.number().int().nullable(),
}) satisfies z.ZodType<StaffMember>;
export const staffTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string().nullable(),
}) satisfies z.ZodType<StaffType>;
