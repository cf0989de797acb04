import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../store/database.ts';

/** Client metadata is not stored by the provider: it comes from our customers. */
export type ClientLookup = (clientId: string) => Promise<AdapterPayload | undefined>;

/** Artifacts that belong to a grant and go when it is revoked. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/**
 * oidc-provider's storage on PostgreSQL: grants, refresh tokens, device codes,
 * sessions and interactions survive a restart and are shared by every node.
 */
export function createPgAdapter(db: Db, findClient: ClientLookup): new (name: string) => Adapter {
  return class PgAdapter implements Adapter {
    readonly name: string;

    constructor(name: string) {
      this.name = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        type: this.name,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('oidc_payloads')
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(['type', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.name === 'Client') return findClient(id);
      return this.findBy('id', id);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy('user_code', userCode);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: new Date() })
        .where('type', '=', this.name)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('type', '=', this.name).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await revokeGrant(db, grantId);
    }

    private async findBy(
      column: 'id' | 'user_code' | 'uid',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'consumed_at'])
        .where('type', '=', this.name)
        .where(column, '=', value)
        .executeTakeFirst();
      // Expired rows are returned: the provider checks expiry itself, and says expired_token rather than not found.
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
        : payload;
    }
  };
}

/** Removes a grant and every token, code and device code issued under it. */
export async function revokeGrant(db: Db, grantId: string): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where((eb) =>
      eb.or([
        eb.and([eb('grant_id', '=', grantId), eb('type', 'in', [...GRANTABLE])]),
        eb.and([eb('type', '=', 'Grant'), eb('id', '=', grantId)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Drops artifacts a day after they expired (the day lets a late poll still hear
 * expired_token); run now and then so the table does not grow forever.
 */
export async function deleteExpiredPayloads(db: Db): Promise<number> {
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<', dayAgo).executeTakeFirst();
  return Number(result.numDeletedRows);
}
