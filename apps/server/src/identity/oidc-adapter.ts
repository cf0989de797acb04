import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { Db } from '../store/database.ts';
import {
  deleteGrantPayloads,
  deleteOidcPayload,
  deleteOidcPayloadsExpiredBefore,
  findOidcPayload,
  markOidcPayloadConsumed,
  upsertOidcPayload,
} from '../store/oidc-payloads.ts';

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
      await upsertOidcPayload(db, row);
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
      if (await markOidcPayloadConsumed(db, this.name, id)) return;
      if (!GRANTABLE.has(this.name)) return;
      // Another request consumed it between the provider's check and this one (two refreshes of one
      // token at once): treat it as reuse, as the provider does when it sees `consumed`, by revoking
      // the grant and answering invalid_grant, so at most one of them gets tokens (decision IDN-12).
      const payload = await this.findBy('id', id);
      if (typeof payload?.grantId === 'string') await revokeGrant(db, payload.grantId);
      throw new errors.InvalidGrant(
        `${this.name === 'RefreshToken' ? 'refresh token' : 'grant'} already used`,
      );
    }

    async destroy(id: string): Promise<void> {
      await deleteOidcPayload(db, this.name, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await revokeGrant(db, grantId);
    }

    private async findBy(
      column: 'id' | 'user_code' | 'uid',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await findOidcPayload(db, this.name, column, value);
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
  return deleteGrantPayloads(db, grantId, [...GRANTABLE]);
}

/**
 * Drops expired artifacts (sessions, interactions, codes, tokens) at once, device
 * codes a day after they expired (the day lets a late poll still hear
 * expired_token); run every few minutes on every node, as it is idempotent (IDN-15).
 */
export async function deleteExpiredPayloads(db: Db, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  return deleteOidcPayloadsExpiredBefore(db, now, { types: ['DeviceCode'], before: dayAgo });
}
