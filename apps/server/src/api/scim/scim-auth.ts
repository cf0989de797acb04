import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { bearerToken } from '../../identity/require-scopes.ts';
import type { ScimCaller } from '../../services/scim/scim-context.ts';
import { ScimError } from '../../services/scim/scim-error.ts';
import { hashScimToken } from '../../services/scim/scim-tokens.ts';
import type { Db } from '../../store/database.ts';
import { findScimTokenByHash, touchScimToken } from '../../store/scim.ts';

declare module 'fastify' {
  interface FastifyRequest {
    scimCaller?: ScimCaller;
  }
}

/** How often a token's `last_used_at` is written: enough to tell a live directory from a dead one. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Every SCIM request carries `Authorization: Bearer <token>` (RFC 7644 §2): its SHA-256 must be a
 * token not revoked, of a connection not deleted, or the answer is 401 (IDN-30). Read at every
 * request, never kept: a revoked token fails at its next request, on every node.
 */
export function authenticateScim(db: Db): onRequestAsyncHookHandler {
  return async function scimBearer(request) {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new ScimError(401, undefined, 'A SCIM bearer token is required.');
    const grant = await findScimTokenByHash(db, hashScimToken(token));
    if (!grant) throw new ScimError(401, undefined, 'The bearer token is not valid.');
    if (grant.last_used_at === null || Date.now() - grant.last_used_at.getTime() > TOUCH_EVERY_MS)
      await touchScimToken(db, grant.id);
    request.scimCaller = {
      tokenId: grant.id,
      customerId: grant.customer_id,
      connectionId: grant.connection_id,
    };
  };
}

/** The caller of a SCIM route (the hook above ran). */
export function scimCallerOf(request: FastifyRequest): ScimCaller {
  if (!request.scimCaller) throw new ScimError(401, undefined, 'A SCIM bearer token is required.');
  return request.scimCaller;
}
