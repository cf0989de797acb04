import { hasScopes, type ScopedAction, scopesFor } from '@careboard/contracts';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import type { AccountAccess } from './account-access.ts';
import type { BoardAccess } from './board-access.ts';
import type { Principal, VerifyAccessToken } from './verify-access-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyInstance {
    /** Token verification and scope checks, for routes and live connections. */
    auth: Auth;
  }
}

export interface Auth {
  /**
   * A route's preHandler: a valid bearer token of an account still enabled (401) holding
   * every scope the action requires in contracts' actionScopes, of those its account's role
   * grants now (403), the table the socket gateway checks too (IDN-22).
   */
  require(action: ScopedAction): preHandlerAsyncHookHandler;
  readonly verify: VerifyAccessToken;
  /** Which boards a caller may read: a screen only its own (decision IDN-16). */
  readonly boards: BoardAccess;
  /** A person's token as their account allows it now (decision IDN-22). */
  readonly accounts: AccountAccess;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/.exec(header ?? '');
  return match?.[1];
}

export function createAuth(verify: VerifyAccessToken, boards: BoardAccess, accounts: AccountAccess): Auth {
  return {
    verify,
    boards,
    accounts,
    require(action) {
      const scopes = scopesFor(action);
      return async function requireScopes(request) {
        const token = bearerToken(request.headers.authorization);
        if (!token) throw new AppError('UNAUTHORIZED', {});
        // Disabled or gone since the token was issued: 401; demoted: only the new role's scopes (IDN-22).
        const principal = await accounts.current(await verify(token));
        if (!principal) throw new AppError('UNAUTHORIZED', {});
        if (!hasScopes(principal.scopes, scopes)) throw new AppError('FORBIDDEN', {});
        request.principal = principal;
      };
    },
  };
}

/** The caller of a route that required a token. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', {});
  return request.principal;
}
