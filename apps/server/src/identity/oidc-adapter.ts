import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { Db } from '../store/database.ts';
import {
  deleteGrantPayloads,
  deleteOidcPayload,
  deleteOidcPayloadsExpiredBefore,
  findOidcPayload,
  markOidcPayloadConsumed,
  markOidcPayloadUsed,
  upsertOidcPayload,
} from '../store/oidc-payloads.ts';

/** Client metadata is not stored by the provider: it comes from our customers. */
export type ClientLookup = (clientId: string) => Promise<AdapterPayload | undefined>;

/**
 * When a consumed refresh token presented again is a retry, not theft (decision IDN-19): within
 * `graceSec` of its first use, at most `maxReuses` more times.
 */
export interface RefreshTokenReuse {
  readonly graceSec: number;
  readonly maxReuses: number;
}

export const REFRESH_TOKEN_REUSE: RefreshTokenReuse = Object.freeze({ graceSec: 30, maxReuses: 5 });

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
export function createPgAdapter(
  db: Db,
  findClient: ClientLookup,
  reuse: RefreshTokenReuse = REFRESH_TOKEN_REUSE,
): new (
  name: string,
) => Adapter {
  /** A refresh token consumed this recently, and re-presented this few times, may be used again (IDN-19). */
  const mayReuse = (row: { consumed_at: Date; reuses: number }) =>
    row.consumed_at.getTime() >= Date.now() - reuse.graceSec * 1000 && row.reuses < reuse.maxReuses;

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
      if (await this.markUsed(id)) return;
      if (!GRANTABLE.has(this.name)) return;
      // Another request consumed it between the provider's check and this one (two redemptions of one
      // code at once, or a refresh token used again past its grace): treat it as reuse, as the provider
      // does when it sees `consumed`, by revoking the grant and answering invalid_grant (IDN-12, IDN-19).
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

    /**
     * One conditional update (IDN-12). A refresh token may be used again within its grace, so
     * that a retried or repeated refresh gets new tokens of the same grant (IDN-19).
     */
    private async markUsed(id: string): Promise<boolean> {
      if (this.name !== 'RefreshToken') return markOidcPayloadConsumed(db, this.name, id);
      const now = new Date();
      return markOidcPayloadUsed(db, this.name, id, {
        now,
        since: new Date(now.getTime() - reuse.graceSec * 1000),
        maxReuses: reuse.maxReuses,
      });
    }

    private async findBy(
      column: 'id' | 'user_code' | 'uid',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await findOidcPayload(db, this.name, column, value);
      // Expired rows are returned: the provider checks expiry itself, and says expired_token rather than not found.
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      if (!row.consumed_at) return payload;
      // Not yet `consumed` to the provider while it may be used again: the provider then rotates it
      // once more instead of revoking the grant; past the grace it sees `consumed` and revokes (IDN-19).
      if (this.name === 'RefreshToken' && mayReuse({ consumed_at: row.consumed_at, reuses: row.reuses }))
        return payload;
      return { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) };
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
