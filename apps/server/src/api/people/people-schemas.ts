import type { CreatedUserRecord, CustomerSettingsRecord, UserRecord } from '@careboard/contracts';
import { z } from 'zod';
import { roleSchema } from '../../services/users/user-input.ts';

/** A user as the API answers it: never a password hash (BOF-27). */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  created_at: z.date(),
}) satisfies z.ZodType<UserRecord>;

/** POST /users' answer: the user, and the generated password when none was sent, shown this once. */
export const createdUserSchema = userSchema.extend({
  password: z.string().optional(),
}) satisfies z.ZodType<CreatedUserRecord>;

/** The customer's settings, for its admins' console (BOF-29). */
export const customerSettingsSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  // Any stored locale reads back; a change must be one of customerLocales.
  locale: z.string(),
  auth_org_id: z.string().nullable(),
  auth_device_client_id: z.string().nullable(),
  tag_non_reporting_sec: z.number().int(),
  /** The workflow an ADT admit joins when its point of care maps to none; null: none (FEED-03). */
  adt_workflow_id: z.number().int().nullable(),
  /** Whether admits from points of care nothing maps join that workflow (FEED-63). */
  adt_catch_all: z.boolean(),
  /** Days a completed visit keeps its patient's names (BOF-55, BOF-56). */
  visit_name_retention_days: z.number().int(),
  /** Days the feeds' stored messages are kept at most (BOF-55, FEED-07). */
  feed_message_retention_days: z.number().int(),
  /** Years the audit events are kept (BOF-55). */
  audit_retention_years: z.number().int(),
  created_at: z.date(),
}) satisfies z.ZodType<CustomerSettingsRecord>;
