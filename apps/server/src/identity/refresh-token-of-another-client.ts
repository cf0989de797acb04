import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../store/database.ts';
import { findOidcPayload } from '../store/oidc-payloads.ts';
import { revokeGrant } from './oidc-adapter.ts';

type Next = () => Promise<void>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * A refresh token presented by a client it was not issued to has left its client: the provider
 * answers `invalid_grant` (client mismatch) but keeps the grant, and here the grant ends too, as
 * for reuse past the grace, so the retry grace never serves another client (decision IDN-19).
 * Looked at only on an `invalid_grant` answer to a refresh, so a good refresh costs nothing here.
 */
export function endGrantOfTokenFromAnotherClient(db: Db) {
  return async function endGrantOfTokenFromAnotherClient(ctx: KoaContextWithOIDC, next: Next): Promise<void> {
    await next();
    const oidc = ctx.oidc as KoaContextWithOIDC['oidc'] | undefined;
    if (oidc?.route !== 'token' || ctx.status !== 400) return;
    if (!isObject(ctx.body) || ctx.body.error !== 'invalid_grant') return;
    const params = oidc.params as { grant_type?: unknown; refresh_token?: unknown } | undefined;
    const clientId = oidc.client?.clientId;
    if (params?.grant_type !== 'refresh_token' || typeof params.refresh_token !== 'string' || !clientId)
      return;
    const row = await findOidcPayload(db, 'RefreshToken', 'id', params.refresh_token.slice(0, 200));
    const token = row?.payload as { clientId?: unknown; grantId?: unknown } | undefined;
    if (token && token.clientId !== clientId && typeof token.grantId === 'string') {
      await revokeGrant(db, token.grantId);
    }
  };
}
