import type { SignInConnection } from '@careboard/contracts';
import { z } from 'zod';
import { nameField } from '../../../ui/crud/form-schema.ts';
import { roles } from '../user-records.ts';

export const connectionKinds = ['oidc', 'saml'] as const;
export const authMethods = ['client_secret_basic', 'client_secret_post', 'private_key_jwt'] as const;
export const overageChoices = ['refuse', 'use_roles'] as const;
/** Who no rule matches gets one of these, or is refused: 'refuse' is sent as null (IDN-26). */
export const defaultRoleChoices = ['refuse', 'staff', 'visitor'] as const;
export const metadataSources = ['url', 'xml'] as const;

export interface RoleRuleValues {
  group: string;
  role: (typeof roles)[number];
}

/** The Add / Edit form of a connection: every field as the form holds it (lists as typed text). */
export interface ConnectionFormValues {
  kind: (typeof connectionKinds)[number];
  name: string;
  /** Commas or spaces between them. */
  domains: string;
  enabled: boolean;
  role_rules: RoleRuleValues[];
  default_role: (typeof defaultRoleChoices)[number];
  issuer: string;
  client_id: string;
  /** Write-only: blank sends nothing (the stored secret stays). */
  client_secret: string;
  token_endpoint_auth_method: (typeof authMethods)[number];
  /** Spaces between them. */
  scopes: string;
  subject_claim: string;
  email_claim: string;
  name_claim: string;
  groups_claim: string;
  groups_overage: (typeof overageChoices)[number];
  roles_claim: string;
  acr_values: string;
  metadata_source: (typeof metadataSources)[number];
  idp_metadata_url: string;
  idp_metadata_xml: string;
  email_attribute: string;
  name_attribute: string;
  groups_attribute: string;
}

/** POST /sign-in-connections' body, or PATCH's (which never names the kind). */
export type ConnectionBody = Readonly<Record<string, unknown>>;

/** A new connection: the API's defaults shown, so what is sent is what the form shows (CON-41). */
export function blankConnection(): ConnectionFormValues {
  return {
    kind: 'oidc',
    name: '',
    domains: '',
    // Off until Test sign-in works: an enabled connection takes its domains' sign-ins at once.
    enabled: false,
    role_rules: [],
    default_role: 'refuse',
    issuer: '',
    client_id: '',
    client_secret: '',
    token_endpoint_auth_method: 'client_secret_basic',
    scopes: 'openid email profile',
    subject_claim: 'sub',
    email_claim: 'email',
    name_claim: 'name',
    groups_claim: 'groups',
    groups_overage: 'refuse',
    roles_claim: 'roles',
    acr_values: '',
    metadata_source: 'url',
    idp_metadata_url: '',
    idp_metadata_xml: '',
    email_attribute: 'email',
    name_attribute: 'name',
    groups_attribute: 'groups',
  };
}

/** A stored connection as the form shows it; the other kind's fields keep the defaults. */
export function valuesOfConnection(connection: SignInConnection): ConnectionFormValues {
  const common = {
    ...blankConnection(),
    name: connection.name,
    domains: connection.domains.join(', '),
    enabled: connection.enabled,
    role_rules: connection.role_rules.map((rule) => ({ group: rule.group, role: rule.role })),
    default_role: connection.default_role ?? 'refuse',
  } satisfies ConnectionFormValues;
  if (connection.kind === 'oidc') {
    return {
      ...common,
      kind: 'oidc',
      issuer: connection.issuer,
      client_id: connection.client_id,
      token_endpoint_auth_method: connection.token_endpoint_auth_method,
      scopes: connection.scopes.join(' '),
      subject_claim: connection.subject_claim,
      email_claim: connection.email_claim,
      name_claim: connection.name_claim,
      groups_claim: connection.groups_claim,
      groups_overage: connection.groups_overage,
      roles_claim: connection.roles_claim,
      acr_values: connection.acr_values.join(' '),
    };
  }
  return {
    ...common,
    kind: 'saml',
    metadata_source: connection.idp_metadata_url === null ? 'xml' : 'url',
    idp_metadata_url: connection.idp_metadata_url ?? '',
    email_attribute: connection.email_attribute,
    name_attribute: connection.name_attribute,
    groups_attribute: connection.groups_attribute,
  };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Domains as typed ("Hospital.org, @clinic.org"): lower case, without an "@", each once. */
export function domainsOf(text: string): string[] {
  const domains = text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  return [...new Set(domains)];
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;
const isUrl = (text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);

/** What the form sends: common fields, then the kind's; the secret and metadata only when given. */
export function connectionBody(values: ConnectionFormValues, stored?: SignInConnection): ConnectionBody {
  const common = {
    ...(stored ? {} : { kind: values.kind }),
    name: values.name.trim(),
    domains: domainsOf(values.domains),
    enabled: values.enabled,
    role_rules: values.role_rules.map((rule) => ({ group: rule.group.trim(), role: rule.role })),
    default_role: values.default_role === 'refuse' ? null : values.default_role,
  };
  if (values.kind === 'oidc') {
    const usesSecret = values.token_endpoint_auth_method !== 'private_key_jwt';
    return {
      ...common,
      issuer: values.issuer.trim(),
      client_id: values.client_id.trim(),
      // Never trimmed: a secret is exactly what the provider gave.
      ...(usesSecret && values.client_secret !== '' ? { client_secret: values.client_secret } : {}),
      token_endpoint_auth_method: values.token_endpoint_auth_method,
      scopes: words(values.scopes),
      subject_claim: values.subject_claim.trim(),
      email_claim: values.email_claim.trim(),
      name_claim: values.name_claim.trim(),
      groups_claim: values.groups_claim.trim(),
      groups_overage: values.groups_overage,
      roles_claim: values.roles_claim.trim(),
      acr_values: words(values.acr_values),
    };
  }
  return {
    ...common,
    ...metadataOf(values, stored),
    email_attribute: values.email_attribute.trim(),
    name_attribute: values.name_attribute.trim(),
    groups_attribute: values.groups_attribute.trim(),
  };
}

/**
 * The IdP's metadata, one of URL or XML: a new URL (or a connection's first), or pasted XML.
 * An edit that leaves the URL as it was, or pastes nothing, keeps what the server read before.
 */
function metadataOf(values: ConnectionFormValues, stored?: SignInConnection): ConnectionBody {
  if (values.metadata_source === 'xml') {
    const xml = values.idp_metadata_xml.trim();
    return xml === '' ? {} : { idp_metadata_xml: xml };
  }
  const url = values.idp_metadata_url.trim();
  const unchanged = stored?.kind === 'saml' && stored.idp_metadata_url === url;
  return unchanged ? {} : { idp_metadata_url: url };
}

/** A form issue: a catalogue code ('IS_REQUIRED', 'MAX_LENGTH:200') at a field's path (CON-60). */
interface Issue {
  readonly path: (string | number)[];
  readonly message: string;
}

/** The issues `schema` finds in `value`, at `path`. */
function issuesOf(path: (string | number)[], schema: z.ZodType, value: unknown): Issue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => ({ path, message: issue.message }));
}

const required = (path: string, value: string, max = 200) => issuesOf([path], nameField(max), value);

/** Every check of the form at once, so the person sees all that is wrong in one go. */
export function connectionIssues(values: ConnectionFormValues, stored?: SignInConnection): Issue[] {
  const issues: Issue[] = [
    ...required('name', values.name, 120),
    ...(domainsOf(values.domains).every((domain) => DOMAIN.test(domain))
      ? []
      : [{ path: ['domains'], message: 'IS_NOT_VALID' }]),
    ...values.role_rules.flatMap((rule, index) =>
      issuesOf(['role_rules', index, 'group'], nameField(200), rule.group),
    ),
  ];
  if (values.kind === 'oidc') {
    const secretStored = stored?.kind === 'oidc' && stored.client_secret_set;
    issues.push(
      ...urlIssues('issuer', values.issuer),
      ...required('client_id', values.client_id, 500),
      ...(values.token_endpoint_auth_method !== 'private_key_jwt' &&
      values.client_secret === '' &&
      !secretStored
        ? [{ path: ['client_secret'], message: 'IS_REQUIRED' }]
        : []),
      ...(words(values.scopes).includes('openid') ? [] : [{ path: ['scopes'], message: 'IS_NOT_VALID' }]),
      ...required('subject_claim', values.subject_claim),
      ...required('email_claim', values.email_claim),
      ...required('name_claim', values.name_claim),
      ...required('groups_claim', values.groups_claim),
      ...required('roles_claim', values.roles_claim),
    );
  } else {
    if (values.metadata_source === 'url')
      issues.push(...urlIssues('idp_metadata_url', values.idp_metadata_url));
    // Pasted XML is not read back: blank keeps it, unless there was none (a new one, or a URL before).
    const xmlStored = stored?.kind === 'saml' && stored.idp_metadata_url === null;
    if (values.metadata_source === 'xml' && values.idp_metadata_xml.trim() === '' && !xmlStored) {
      issues.push({ path: ['idp_metadata_xml'], message: 'IS_REQUIRED' });
    }
    issues.push(
      ...required('email_attribute', values.email_attribute),
      ...required('name_attribute', values.name_attribute),
      ...required('groups_attribute', values.groups_attribute),
    );
  }
  return issues;
}

function urlIssues(path: string, value: string): Issue[] {
  const text = value.trim();
  if (text === '') return [{ path: [path], message: 'IS_REQUIRED' }];
  return isUrl(text) ? [] : [{ path: [path], message: 'IS_NOT_VALID' }];
}

const formShape = z.object({
  kind: z.enum(connectionKinds),
  name: z.string(),
  domains: z.string(),
  enabled: z.boolean(),
  role_rules: z.array(z.object({ group: z.string(), role: z.enum(roles) })),
  default_role: z.enum(defaultRoleChoices),
  issuer: z.string(),
  client_id: z.string(),
  client_secret: z.string(),
  token_endpoint_auth_method: z.enum(authMethods),
  scopes: z.string(),
  subject_claim: z.string(),
  email_claim: z.string(),
  name_claim: z.string(),
  groups_claim: z.string(),
  groups_overage: z.enum(overageChoices),
  roles_claim: z.string(),
  acr_values: z.string(),
  metadata_source: z.enum(metadataSources),
  idp_metadata_url: z.string(),
  idp_metadata_xml: z.string(),
  email_attribute: z.string(),
  name_attribute: z.string(),
  groups_attribute: z.string(),
});

/** The form's schema: its values checked (messages are catalogue codes), then the request body. */
export function connectionSchema(stored?: SignInConnection): z.ZodType<ConnectionBody, ConnectionFormValues> {
  return formShape
    .superRefine((values, context) => {
      for (const issue of connectionIssues(values, stored)) {
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    })
    .transform((values) => connectionBody(values, stored));
}

/** The fields a refusal may name and the form shows, for its kind and metadata source. */
export function shownFields(
  values: Pick<ConnectionFormValues, 'kind' | 'metadata_source' | 'token_endpoint_auth_method'>,
) {
  const common = ['name', 'domains', 'role_rules', 'default_role'];
  if (values.kind === 'oidc') {
    return [
      ...common,
      'issuer',
      'client_id',
      ...(values.token_endpoint_auth_method === 'private_key_jwt' ? [] : ['client_secret']),
      'token_endpoint_auth_method',
      'scopes',
      'acr_values',
      'subject_claim',
      'email_claim',
      'name_claim',
      'groups_claim',
      'groups_overage',
      'roles_claim',
    ];
  }
  return [
    ...common,
    values.metadata_source === 'url' ? 'idp_metadata_url' : 'idp_metadata_xml',
    'email_attribute',
    'name_attribute',
    'groups_attribute',
  ];
}
