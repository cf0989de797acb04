import { z } from 'zod';

/** Customer ids are slugs: lower-case letters, digits and inner hyphens. */
export const customerIdSchema = z
  .string()
  .max(63)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);

/** GET {API_URL}/customers/:id (specification section 3, "Customer config"). */
export const customerConfigSchema = z.object({
  id: z.string(),
  auth_org_id: z.string().nullable(),
  auth_device_client_id: z.string().nullable(),
  locale: z.string().nullable(),
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
