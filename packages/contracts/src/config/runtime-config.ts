import { z } from 'zod/mini';

/**
 * The board app's runtime config, served by the server at /config.json and
 * read once by the board. Keys are the specification's (section 3).
 */
export const runtimeConfigSchema = z.strictObject({
  API_URL: z.url(),
  SECURABLE_API_URL: z.url(),
  EXPORT_API_URL: z.url(),
  GRAPHQL_URL: z.url(),
  SOCKETS_URL: z.url(),
  /** The identity provider's origin (issuer), e.g. https://tenant.eu.auth0.com. */
  AUTH_DOMAIN: z.url(),
  AUTH_AUDIENCE: z.string().check(z.minLength(1)),
  AUTH_CLIENT_ID: z.string().check(z.minLength(1)),
  REFRESH_TOKEN_IN_ADVANCE_SEC: z.int().check(z.minimum(0)),
  CHECK_RELEASE_AFTER_SEC: z.int().check(z.minimum(1)),
  LOGOUT_CALLBACK_URL: z.url(),
  ERROR_REPORTING_KEY: z.nullable(z.string().check(z.minLength(1))),
  /** The customer the board belongs to; null: the first label of the host name. */
  CUSTOMER_ID: z.nullable(z.string().check(z.minLength(1))),
});

export type RuntimeConfig = Readonly<z.infer<typeof runtimeConfigSchema>>;

export const runtimeConfigKeys = Object.freeze(
  Object.keys(runtimeConfigSchema.shape) as (keyof RuntimeConfig)[],
);
