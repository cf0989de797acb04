import { customerIdSchema } from '@careboard/contracts';
import { z } from 'zod';
import { idSchema, nameSchema } from '../schema-parts.ts';
import { emailSchema, passwordSchema } from '../users/user-input.ts';

/** The locales the board has texts for (apps/board/src/i18n); a customer picks one (BOF-29). */
export const customerLocales = Object.freeze(['en-US', 'es-US'] as const);
export const localeSchema = z.enum(customerLocales);

/** Seconds a tag may go unseen before it is non-reporting: 1 minute to 1 day (migration 0202). */
export const tagNonReportingSecSchema = z.number().int().min(60).max(86_400);

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
});

export type UpdateCustomerSettingsInput = z.input<typeof updateCustomerSettingsInput>;

/** The identity ids a customer gets from its slug: stable, readable, and unique as the slug is (BOF-26). */
export function identityIdsOf(id: string): { auth_org_id: string; auth_device_client_id: string } {
  return { auth_org_id: `org_${id}`, auth_device_client_id: `${id}-device` };
}
