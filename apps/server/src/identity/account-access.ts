import { AppError } from '../errors/app-error.ts';
import { isDatabaseUnavailable } from '../errors/database-errors.ts';
import { type AccountAccessState, findAccountAccessStates } from '../store/accounts.ts';
import type { Db } from '../store/database.ts';
import { gatheredLoader } from '../store/gathered-loader.ts';
import { scopesForRole } from './roles.ts';
import type { Principal } from './verify-access-token.ts';

/**
 * How long an account's state is kept: disabling, deleting or demoting a person ends or
 * narrows their tokens within this on every node, and within this plus one sweep (1 s) their
 * live connections on other nodes (decision IDN-22).
 */
export const ACCOUNT_STATE_TTL_MS = 3_000;
/** More than the people one node serves: a busy node never empties it. */
const CACHE_ENTRIES = 50_000;
/** The embedded provider names a person by their account's id (accounts.id, a uuid). */
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** OpenID Connect's own scopes: no role grants them, and no API route asks for them. */
const OPENID_SCOPES: ReadonlySet<string> = new Set(['openid', 'profile', 'email', 'offline_access']);

/** A person's access as their account allows it now (decision IDN-22). */
export interface AccountAccess {
  /**
   * The principal as its account allows now: undefined when the account is disabled, gone or
   * another customer's; its scopes narrowed to what the account's role grants (the
   * intersection). A screen's (IDN-16: its device record decides) and a subject that names no
   * account of this server's provider are answered as they are.
   */
  current(principal: Principal): Promise<Principal | undefined>;
  /** This node changed the account: forget what is kept of it, and tell the live connections at once. */
  changed(accountId: string): void;
  /** Called with the account's id after each `changed`; answers how to stop. */
  onChange(listener: (accountId: string) => void): () => void;
}

/** For an external issuer (no accounts here): every token is taken as it is. */
export const tokensAsIssued: AccountAccess = Object.freeze({
  current: async (principal: Principal) => principal,
  changed: () => undefined,
  onChange: () => () => undefined,
});

/** Each role's grantable scopes as one set, made once. */
const roleSets = new Map<string, ReadonlySet<string>>();
function grantable(role: string): ReadonlySet<string> {
  let set = roleSets.get(role);
  if (!set) {
    set = new Set(scopesForRole(role));
    roleSets.set(role, set);
  }
  return set;
}

/** The principal with only the scopes the role grants (and OpenID Connect's); itself when it holds no other. */
export function narrowToRole(principal: Principal, role: string): Principal {
  const allowed = grantable(role);
  const keep = (scope: string) => allowed.has(scope) || OPENID_SCOPES.has(scope);
  for (const scope of principal.scopes) {
    if (!keep(scope))
      return { ...principal, scopes: Object.freeze(new Set([...principal.scopes].filter(keep))) };
  }
  return principal;
}

/**
 * Every person's token is checked against their account as it is now, read from the
 * database and kept a few seconds, shared by every request and connection of the account
 * (the reads of a few milliseconds gathered into one statement), so a disabled, deleted or
 * demoted person loses access within seconds on every node, whoever made the change: the
 * users API, the admin command, another node (decision IDN-22).
 */
export function createAccountAccess(db: Db): AccountAccess {
  const load = gatheredLoader<string, AccountAccessState | undefined>(async (ids) => {
    const found = new Map((await findAccountAccessStates(db, ids)).map((state) => [state.id, state]));
    return ids.map((id) => found.get(id));
  }, String);
  const cache = new Map<string, { state: Promise<AccountAccessState | undefined>; until: number }>();
  const listeners = new Set<(accountId: string) => void>();

  function stateOf(accountId: string): Promise<AccountAccessState | undefined> {
    const cached = cache.get(accountId);
    if (cached && cached.until > Date.now()) return cached.state;
    const state = load(accountId);
    if (cache.size > CACHE_ENTRIES) cache.clear();
    cache.set(accountId, { state, until: Date.now() + ACCOUNT_STATE_TTL_MS });
    // A failed read is not remembered: the next request asks again.
    state.catch(() => {
      if (cache.get(accountId)?.state === state) cache.delete(accountId);
    });
    return state;
  }

  return {
    async current(principal) {
      if (principal.deviceId !== undefined || !ACCOUNT_ID.test(principal.subject)) return principal;
      let account: AccountAccessState | undefined;
      try {
        account = await stateOf(principal.subject.toLowerCase());
      } catch (error) {
        // An unreachable database says nothing about the account: the caller may retry (FND-20).
        if (isDatabaseUnavailable(error)) throw new AppError('SERVICE_UNAVAILABLE', {});
        throw error;
      }
      if (!account || account.disabled_at || account.customer_id !== principal.customerId) return undefined;
      return narrowToRole(principal, account.role);
    },
    changed(accountId) {
      cache.delete(accountId.toLowerCase());
      for (const listener of listeners) listener(accountId.toLowerCase());
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
