import type {
  OidcConnectionRecord,
  SamlConnectionRecord,
  SignInSettingsRecord,
  SignInTestRecord,
} from '@careboard/contracts';
import { z } from 'zod';

const common = {
  id: z.string(),
  name: z.string(),
  domains: z.array(z.string()).readonly(),
  enabled: z.boolean(),
  role_rules: z
    .array(z.object({ group: z.string(), role: z.enum(['admin', 'staff', 'visitor']) }))
    .readonly(),
  default_role: z.enum(['staff', 'visitor']).nullable(),
  created_at: z.date(),
  updated_at: z.date(),
};

const oidcConnectionSchema = z.object({
  ...common,
  kind: z.literal('oidc'),
  issuer: z.string(),
  client_id: z.string(),
  token_endpoint_auth_method: z.enum(['client_secret_basic', 'client_secret_post', 'private_key_jwt']),
  client_secret_set: z.boolean(),
  scopes: z.array(z.string()).readonly(),
  subject_claim: z.string(),
  email_claim: z.string(),
  name_claim: z.string(),
  groups_claim: z.string(),
  groups_overage: z.enum(['use_roles', 'refuse']),
  roles_claim: z.string(),
  acr_values: z.array(z.string()).readonly(),
  redirect_uri: z.string(),
  jwks_uri: z.string(),
}) satisfies z.ZodType<OidcConnectionRecord>;

const samlConnectionSchema = z.object({
  ...common,
  kind: z.literal('saml'),
  idp_metadata_url: z.string().nullable(),
  idp_entity_id: z.string(),
  idp_sso_url: z.string(),
  idp_certificates: z.number().int(),
  email_attribute: z.string(),
  name_attribute: z.string(),
  groups_attribute: z.string(),
  sp_entity_id: z.string(),
  acs_url: z.string(),
  sp_metadata_url: z.string(),
}) satisfies z.ZodType<SamlConnectionRecord>;

/** A connection as answered: the IdP admin's values, never its secret (IDN-23). */
export const signInConnectionSchema = z.discriminatedUnion('kind', [
  oidcConnectionSchema,
  samlConnectionSchema,
]);

export const signInTestSchema = z.object({
  url: z.string(),
  expires_at: z.date(),
}) satisfies z.ZodType<SignInTestRecord>;

export const signInSettingsSchema = z.object({
  password_sign_in: z.enum(['everyone', 'break_glass_only']),
  break_glass_user_ids: z.array(z.string()).readonly(),
}) satisfies z.ZodType<SignInSettingsRecord>;
