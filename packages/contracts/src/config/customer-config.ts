import { z } from 'zod/mini';

/** Customer ids are slugs: lower-case letters, digits and inner hyphens. */
export const customerIdSchema = z
  .string()
  .check(z.maxLength(63), z.regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/));

/** GET {API_URL}/customers/:id (specification section 3, "Customer config"). */
export const customerConfigSchema = z.object({
  id: z.string(),
  auth_org_id: z.nullable(z.string()),
  auth_device_client_id: z.nullable(z.string()),
  locale: z.nullable(z.string()),
});

export type CustomerConfig = Readonly<z.infer<typeof customerConfigSchema>>;

/** What the board uses when the customer call fails (specification section 3). */
export const DISABLED_CUSTOMER: CustomerConfig = Object.freeze({
  id: 'disabled',
  auth_org_id: null,
  auth_device_client_id: null,
  locale: null,
});

export const DEFAULT_LOCALE = 'en-US';
