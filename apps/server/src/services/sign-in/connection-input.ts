import { z } from 'zod';
import { roles } from '../../identity/roles.ts';
import { nameSchema, textSchema } from '../schema-parts.ts';

/** An email domain a connection serves: lower case, a host name of two labels or more. */
const domainSchema = textSchema()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'not a domain' });

const domainsSchema = z
  .array(domainSchema)
  .max(50)
  .refine((domains) => new Set(domains).size === domains.length, { error: 'domains must not repeat' });

/** A claim name or a dotted path into the claims (`realm_access.roles`). */
const claimSchema = textSchema().trim().min(1).max(200);

const roleRulesSchema = z
  .array(z.strictObject({ group: textSchema().trim().min(1).max(256), role: z.enum(roles) }))
  .max(100);

const httpsUrl = textSchema()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/ }));

const common = {
  name: nameSchema(),
  domains: domainsSchema,
  enabled: z.boolean().optional(),
  role_rules: roleRulesSchema,
  default_role: z.enum(['staff', 'visitor']).nullable(),
};

export const oidcFields = {
  issuer: httpsUrl,
  client_id: textSchema().trim().min(1).max(500),
  client_secret: textSchema().min(1).max(2000).optional(),
  token_endpoint_auth_method: z
    .enum(['client_secret_basic', 'client_secret_post', 'private_key_jwt'])
    .optional(),
  scopes: z
    .array(
      textSchema()
        .trim()
        .regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,200}$/),
    )
    .min(1)
    .max(30)
    .optional(),
  subject_claim: claimSchema.optional(),
  email_claim: claimSchema.optional(),
  name_claim: claimSchema.optional(),
  groups_claim: claimSchema.optional(),
  groups_overage: z.enum(['use_roles', 'refuse']).optional(),
  roles_claim: claimSchema.optional(),
  acr_values: z.array(textSchema().trim().min(1).max(200)).max(20).optional(),
};

export const samlFields = {
  idp_metadata_xml: textSchema().min(1).max(500_000).optional(),
  idp_metadata_url: httpsUrl.optional(),
  email_attribute: claimSchema.optional(),
  name_attribute: claimSchema.optional(),
  groups_attribute: claimSchema.optional(),
};

/** POST /sign-in-connections: the kind decides which fields follow (IDN-23). */
export const createConnectionInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('oidc'), ...common, ...oidcFields }),
  z.strictObject({ kind: z.literal('saml'), ...common, ...samlFields }),
]);
export type CreateConnectionInput = z.input<typeof createConnectionInput>;

/** PATCH /sign-in-connections/:id: any field but the kind; a field of the other kind is IS_NOT_VALID. */
export const updateConnectionInput = z.strictObject({
  name: common.name.optional(),
  domains: domainsSchema.optional(),
  enabled: z.boolean().optional(),
  role_rules: roleRulesSchema.optional(),
  default_role: common.default_role.optional(),
  ...oidcFields,
  issuer: oidcFields.issuer.optional(),
  client_id: oidcFields.client_id.optional(),
  ...samlFields,
});
export type UpdateConnectionInput = z.input<typeof updateConnectionInput>;

/** The OIDC fields' defaults, stored with the connection. */
export const oidcDefaults = Object.freeze({
  token_endpoint_auth_method: 'client_secret_basic',
  scopes: ['openid', 'email', 'profile'],
  subject_claim: 'sub',
  email_claim: 'email',
  name_claim: 'name',
  groups_claim: 'groups',
  groups_overage: 'refuse',
  roles_claim: 'roles',
  acr_values: [] as string[],
});

export const samlDefaults = Object.freeze({
  email_attribute: 'email',
  name_attribute: 'name',
  groups_attribute: 'groups',
});

/** PUT /sign-in-settings (IDN-29). */
export const signInSettingsInput = z.strictObject({
  password_sign_in: z.enum(['everyone', 'break_glass_only']),
  break_glass_user_ids: z
    .array(z.guid())
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'ids must not repeat' }),
});
export type SignInSettingsInput = z.input<typeof signInSettingsInput>;
