import { exportJWK, generateKeyPair } from 'jose';
import { AppError } from '../../errors/app-error.ts';
import { endSessionsOfAccount } from '../../identity/accounts.ts';
import { parseIdpMetadata, type SamlIdp, SamlMetadataError } from '../../identity/federation/saml-sp.ts';
import type { Db } from '../../store/database.ts';
import {
  type ConnectionChange,
  type ConnectionRow,
  deleteConnection as deleteConnectionRow,
  domainsTakenElsewhere,
  findConnection,
  insertConnection,
  replaceDomains,
  updateConnection as updateConnectionRow,
} from '../../store/sign-in-connections.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import {
  type CreateConnectionInput,
  createConnectionInput,
  oidcDefaults,
  oidcFields,
  samlDefaults,
  samlFields,
  type UpdateConnectionInput,
  updateConnectionInput,
} from './connection-input.ts';

const ENTITY = 'Sign-in connection';
const METADATA_TIMEOUT_MS = 5000;
const METADATA_MAX_BYTES = 1024 * 1024;

/** Plain http only to this machine (a test's provider): a hospital's provider is reached over TLS (IDN-23). */
function assertSecure(url: string, field: string): void {
  const parsed = new URL(url);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !loopback) throw new AppError('IS_NOT_VALID', { field });
}

/** Reads the IdP's metadata from its URL: at most 1 MiB in 5 s, else a clear refusal. */
async function fetchMetadata(url: string): Promise<string> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`the address answered ${response.status}`);
    const body = await response.arrayBuffer();
    if (body.byteLength > METADATA_MAX_BYTES) throw new Error('it is larger than 1 MiB');
    return new TextDecoder().decode(body);
  } catch (error) {
    const reason =
      error instanceof Error && /answered|larger/.test(error.message)
        ? error.message
        : 'the address could not be read';
    throw new AppError('IDP_METADATA_NOT_VALID', { reason: `${reason}.` });
  }
}

function parseMetadata(xml: string): SamlIdp {
  try {
    return parseIdpMetadata(xml);
  } catch (error) {
    if (error instanceof SamlMetadataError)
      throw new AppError('IDP_METADATA_NOT_VALID', { reason: error.message });
    throw error;
  }
}

/** The IdP as the metadata (pasted or at its URL) says; undefined when neither was sent. */
async function samlIdpOf(input: {
  idp_metadata_xml?: string | undefined;
  idp_metadata_url?: string | undefined;
}) {
  if (input.idp_metadata_xml !== undefined && input.idp_metadata_url !== undefined)
    throw new AppError('IS_NOT_VALID', { field: 'idp_metadata_url' });
  if (input.idp_metadata_url !== undefined) {
    assertSecure(input.idp_metadata_url, 'idp_metadata_url');
    return parseMetadata(await fetchMetadata(input.idp_metadata_url));
  }
  if (input.idp_metadata_xml !== undefined) return parseMetadata(input.idp_metadata_xml);
  return undefined;
}

async function privateKeyJwk(): Promise<Record<string, unknown>> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg: 'RS256', use: 'sig', kid: crypto.randomUUID() };
}

async function assertDomainsFree(trx: Db, domains: readonly string[], connectionId: string | undefined) {
  const [taken] = await domainsTakenElsewhere(trx, domains, connectionId);
  if (taken !== undefined)
    throw new AppError('DUPLICATE_KEY', { entity: ENTITY, field: 'domains', value: taken });
}

function pick(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => input[key] !== undefined).map((key) => [key, input[key]]));
}

const OIDC_SETTINGS = Object.keys(oidcFields).filter((key) => key !== 'client_secret');
const SAML_SETTINGS = ['idp_metadata_url', 'email_attribute', 'name_attribute', 'groups_attribute'];

/** Makes a connection for the customer (IDN-23): its domains must be free, its IdP readable. */
export async function createConnection(
  db: Db,
  customerId: string,
  input: CreateConnectionInput,
): Promise<ConnectionRow> {
  const data = parseInput(createConnectionInput, input);
  const common = {
    customer_id: customerId,
    kind: data.kind,
    name: data.name,
    enabled: data.enabled ?? true,
    role_rules: data.role_rules,
    default_role: data.default_role,
  };
  let row: Parameters<typeof insertConnection>[1];
  if (data.kind === 'oidc') {
    assertSecure(data.issuer, 'issuer');
    const settings: Record<string, unknown> = { ...oidcDefaults, ...pick(data, OIDC_SETTINGS) };
    const privateJwt = settings.token_endpoint_auth_method === 'private_key_jwt';
    if (!privateJwt && data.client_secret === undefined)
      throw new AppError('IS_REQUIRED', { field: 'client_secret' });
    row = {
      ...common,
      settings,
      client_secret: data.client_secret ?? null,
      private_key: privateJwt ? await privateKeyJwk() : null,
      saml_idp: null,
    };
  } else {
    const idp = await samlIdpOf(data);
    if (!idp) throw new AppError('IS_REQUIRED', { field: 'idp_metadata_xml' });
    row = {
      ...common,
      settings: { ...samlDefaults, ...pick(data, SAML_SETTINGS) },
      client_secret: null,
      private_key: null,
      saml_idp: { ...idp },
    };
  }
  return runWrite(db, async (trx) => {
    await assertDomainsFree(trx, data.domains, undefined);
    const id = await insertConnection(trx, row, data.domains);
    return (await findConnection(trx, customerId, id)) as ConnectionRow;
  });
}

/** Changes a connection; a field of the other kind is IS_NOT_VALID; the secret only when sent. */
export async function updateConnection(
  db: Db,
  customerId: string,
  id: string,
  input: UpdateConnectionInput,
): Promise<ConnectionRow> {
  const data = parseInput(updateConnectionInput, input);
  const current = await findConnection(db, customerId, id);
  if (!current) throw new AppError('ENTITY_NOT_FOUND', { entity: ENTITY, id });
  const foreign = Object.keys(data).find((key) =>
    current.kind === 'oidc' ? key in samlFields : key in oidcFields,
  );
  if (foreign !== undefined) throw new AppError('IS_NOT_VALID', { field: foreign });
  const change: ConnectionChange = {
    ...pick(data, ['name', 'enabled', 'role_rules', 'default_role']),
  };
  if (current.kind === 'oidc') {
    if (data.issuer !== undefined) assertSecure(data.issuer, 'issuer');
    const settings = { ...current.settings, ...pick(data, OIDC_SETTINGS) };
    Object.assign(change, { settings });
    if (data.client_secret !== undefined) Object.assign(change, { client_secret: data.client_secret });
    if (settings.token_endpoint_auth_method === 'private_key_jwt' && current.private_key === null)
      Object.assign(change, { private_key: await privateKeyJwk() });
  } else {
    const idp = await samlIdpOf(data);
    const settings = { ...current.settings, ...pick(data, SAML_SETTINGS) };
    // Pasted metadata replaces a URL: the connection no longer reads one.
    if (data.idp_metadata_xml !== undefined) delete settings.idp_metadata_url;
    Object.assign(change, { settings, ...(idp ? { saml_idp: { ...idp } } : {}) });
  }
  return runWrite(db, async (trx) => {
    if (data.domains !== undefined) {
      await assertDomainsFree(trx, data.domains, id);
      await replaceDomains(trx, id, data.domains);
    }
    await updateConnectionRow(trx, id, change);
    return (await findConnection(trx, customerId, id)) as ConnectionRow;
  });
}

/** Deletes a connection: its domains go, its accounts are disabled and their sign-ins end (IDN-23). */
export async function deleteConnection(db: Db, customerId: string, id: string): Promise<string[]> {
  return runWrite(db, async (trx) => {
    if (!(await findConnection(trx, customerId, id)))
      throw new AppError('ENTITY_NOT_FOUND', { entity: ENTITY, id });
    const accounts = await deleteConnectionRow(trx, id);
    for (const accountId of accounts) await endSessionsOfAccount(trx, accountId);
    return accounts;
  });
}

export async function readConnection(db: Db, customerId: string, id: string): Promise<ConnectionRow> {
  const row = await findConnection(db, customerId, id);
  if (!row) throw new AppError('ENTITY_NOT_FOUND', { entity: ENTITY, id });
  return row;
}
