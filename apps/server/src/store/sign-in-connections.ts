import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { SignInConnectionsTable } from './tables/identity.ts';

/** A connection as stored, with the domains it serves; its secrets are here, never in an answer (IDN-23). */
export interface ConnectionRow {
  readonly id: string;
  readonly customer_id: string;
  readonly kind: 'oidc' | 'saml';
  readonly name: string;
  readonly enabled: boolean;
  readonly role_rules: readonly { group: string; role: string }[];
  readonly default_role: string | null;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly client_secret: string | null;
  readonly private_key: Readonly<Record<string, unknown>> | null;
  readonly saml_idp: Readonly<Record<string, unknown>> | null;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly domains: readonly string[];
}

function connections(db: Db) {
  return db
    .selectFrom('sign_in_connections as c')
    .select([
      'c.id',
      'c.customer_id',
      'c.kind',
      'c.name',
      'c.enabled',
      'c.role_rules',
      'c.default_role',
      'c.settings',
      'c.client_secret',
      'c.private_key',
      'c.saml_idp',
      'c.created_at',
      'c.updated_at',
      sql<
        string[]
      >`coalesce((SELECT array_agg(d.domain ORDER BY d.domain) FROM sign_in_domains d WHERE d.connection_id = c.id), '{}')`.as(
        'domains',
      ),
    ])
    .where('c.deleted_at', 'is', null);
}

export async function listConnections(db: Db, customerId: string): Promise<ConnectionRow[]> {
  return connections(db)
    .where('c.customer_id', '=', customerId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** The customer's connection with this id; undefined: none, deleted, or another customer's. */
export async function findConnection(
  db: Db,
  customerId: string,
  id: string,
): Promise<ConnectionRow | undefined> {
  if (!isUuid(id)) return undefined;
  return connections(db).where('c.customer_id', '=', customerId).where('c.id', '=', id).executeTakeFirst();
}

/** A connection by id alone: the sign-in's own routes, which name it in their path. */
export async function findConnectionById(db: Db, id: string): Promise<ConnectionRow | undefined> {
  if (!isUuid(id)) return undefined;
  return connections(db).where('c.id', '=', id).executeTakeFirst();
}

/** The enabled connection serving this email domain (of this customer when one is named). */
export async function findConnectionForDomain(
  db: Db,
  domain: string,
  customerId: string | undefined,
): Promise<ConnectionRow | undefined> {
  let query = connections(db)
    .where('c.enabled', '=', true)
    .where(
      'c.id',
      'in',
      db.selectFrom('sign_in_domains').select('connection_id').where('domain', '=', domain.toLowerCase()),
    );
  if (customerId !== undefined) query = query.where('c.customer_id', '=', customerId);
  return query.executeTakeFirst();
}

/** Which of these domains another connection (of any customer) serves already. */
export async function domainsTakenElsewhere(
  db: Db,
  domains: readonly string[],
  connectionId: string | undefined,
): Promise<string[]> {
  if (domains.length === 0) return [];
  let query = db.selectFrom('sign_in_domains').select('domain').where('domain', 'in', domains);
  if (connectionId !== undefined) query = query.where('connection_id', '<>', connectionId);
  return (await query.execute()).map((row) => row.domain);
}

export type NewConnection = Omit<
  SignInConnectionsTable,
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'deleted_at'
  | 'enabled'
  | 'role_rules'
  | 'settings'
  | 'private_key'
  | 'saml_idp'
> & {
  readonly enabled: boolean;
  readonly role_rules: readonly { group: string; role: string }[];
  readonly settings: Readonly<Record<string, unknown>>;
  readonly private_key: Readonly<Record<string, unknown>> | null;
  readonly saml_idp: Readonly<Record<string, unknown>> | null;
};

export async function insertConnection(
  trx: Db,
  row: NewConnection,
  domains: readonly string[],
): Promise<string> {
  const { id } = await trx
    .insertInto('sign_in_connections')
    .values({
      ...row,
      role_rules: JSON.stringify(row.role_rules),
      settings: JSON.stringify(row.settings),
      private_key: row.private_key === null ? null : JSON.stringify(row.private_key),
      saml_idp: row.saml_idp === null ? null : JSON.stringify(row.saml_idp),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceDomains(trx, id, domains);
  return id;
}

export type ConnectionChange = Partial<
  Pick<
    NewConnection,
    | 'name'
    | 'enabled'
    | 'role_rules'
    | 'default_role'
    | 'settings'
    | 'client_secret'
    | 'private_key'
    | 'saml_idp'
  >
>;

export async function updateConnection(trx: Db, id: string, change: ConnectionChange): Promise<void> {
  const set: Record<string, unknown> = { updated_at: new Date() };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    set[key] =
      ['role_rules', 'settings', 'private_key', 'saml_idp'].includes(key) && value !== null
        ? JSON.stringify(value)
        : value;
  }
  await trx
    .updateTable('sign_in_connections')
    .set(set as never)
    .where('id', '=', id)
    .execute();
}

export async function replaceDomains(
  trx: Db,
  connectionId: string,
  domains: readonly string[],
): Promise<void> {
  await trx.deleteFrom('sign_in_domains').where('connection_id', '=', connectionId).execute();
  if (domains.length === 0) return;
  await trx
    .insertInto('sign_in_domains')
    .values(domains.map((domain) => ({ domain, connection_id: connectionId })))
    .execute();
}

/**
 * A deleted connection keeps its row (its accounts name it, for the audit) but serves no domain,
 * and its accounts are disabled: nobody signs in through it again (IDN-23). Returns those accounts.
 */
export async function deleteConnection(trx: Db, id: string): Promise<string[]> {
  await trx
    .updateTable('sign_in_connections')
    .set({ deleted_at: new Date(), enabled: false })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('sign_in_domains').where('connection_id', '=', id).execute();
  const rows = await trx
    .updateTable('accounts')
    .set({ disabled_at: new Date(), disabled_by: 'connection' })
    .where('connection_id', '=', id)
    .where('disabled_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** Whether any enabled connection exists (of this customer, when one is named): the sign-in page then asks for the email first. */
export async function hasEnabledConnection(db: Db, customerId: string | undefined): Promise<boolean> {
  let query = db
    .selectFrom('sign_in_connections')
    .select('id')
    .where('deleted_at', 'is', null)
    .where('enabled', '=', true);
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
