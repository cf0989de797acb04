import { customerIdSchema } from '@careboard/contracts';
import { z } from 'zod';
import { idSchema, nameSchema, rangeSchema } from '../schema-parts.ts';
import { emailSchema, passwordSchema } from '../users/user-input.ts';

/** The locales the board has texts for (apps/board/src/i18n); a customer picks one (BOF-29). */
export const customerLocales = Object.freeze(['en-US', 'es-US'] as const);
export const localeSchema = z.enum(customerLocales);

/** Seconds a tag may go unseen before it is non-reporting: 1 minute to 1 day (migration 0202). */
export const tagNonReportingSecSchema = z.number().int().min(60).max(86_400);

/**
 * How long a customer keeps what names its patients, and its audit log (migration 0216, decision
 * BOF-55): the bounds the database checks too. Defaults: 30 days, 30 days, 6 years.
 */
export const retentionBounds = Object.freeze({
  visit_name_retention_days: { min: 1, max: 3650 },
  feed_message_retention_days: { min: 1, max: 365 },
  audit_retention_years: { min: 1, max: 30 },
} as const);

const retention = (field: keyof typeof retentionBounds) =>
  rangeSchema(retentionBounds[field].min, retentionBounds[field].max);

/** `customer add`: the customer, its first admin, and that admin's password unless generated (BOF-26). */
export const createCustomerInput = z.strictObject({
  id: customerIdSchema,
  name: nameSchema(),
  locale: localeSchema.default('en-US'),
  admin_email: emailSchema,
  admin_name: nameSchema().optional(),
  admin_password: passwordSchema.optional(),
});

export type CreateCustomerInput = z.input<typeof createCustomerInput>;

/** PATCH /customers/:id: what a customer's admin may change of their own customer (BOF-29). */
export const updateCustomerSettingsInput = z.strictObject({
  name: nameSchema().optional(),
  locale: localeSchema.optional(),
  tag_non_reporting_sec: tagNonReportingSecSchema.optional(),
  /** The workflow an ADT admit joins when its point of care maps to none; null: none (FEED-03). */
  adt_workflow_id: idSchema.nullable().optional(),
  /** Whether admits from points of care nothing maps join that workflow; off by default (FEED-63). */
  adt_catch_all: z.boolean().optional(),
  /** Days after its completion a visit keeps its patient's names and identifiers (BOF-56). */
  visit_name_retention_days: retention('visit_name_retention_days').optional(),
  /** Days the feeds' stored messages are kept at most; settled ones a week at most (FEED-07). */
  feed_message_retention_days: retention('feed_message_retention_days').optional(),
  /** Years the audit events are kept. */
  audit_retention_years: retention('audit_retention_years').optional(),
});

export type UpdateCustomerSettingsInput = z.input<typeof updateCustomerSettingsInput>;

/** The identity ids a customer gets from its slug: stable, readable, and unique as the slug is (BOF-26). */
export function identityIdsOf(id: string): { auth_org_id: string; auth_device_client_id: string } {
  return { auth_org_id: `org_${id}`, auth_device_client_id: `${id}-device` };
}
