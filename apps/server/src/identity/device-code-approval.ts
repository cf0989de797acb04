import { deviceFlowScopes } from '@careboard/contracts';
import type Provider from 'oidc-provider';
import { isDeviceClient } from './clients.ts';
import { deviceApiScopes } from './roles.ts';
import type { ThrottleResult, Throttles } from './throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Approves a screen's code for a signed-in person (the console's pairing); absent with an external issuer. */
    deviceCodes?: DeviceCodeApproval;
  }
}

/** The provider's user codes: base-20 letters in the mask `****-****`, as the screen shows them. */
const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{8}$/;
const OIDC_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);
const DEVICE_GRANT_SEC = 10 * 365 * 24 * 60 * 60;

/**
 * What people type: any case, with or without the dash or spaces. The provider's own
 * normalisation (upper case, no non-word characters), underscores dropped too (BOF-54).
 */
export function normalizeUserCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The code as the screen shows it, for messages. */
export function displayUserCode(normalized: string): string {
  return USER_CODE.test(normalized) ? `${normalized.slice(0, 4)}-${normalized.slice(4)}` : normalized;
}

/** A pending code of one customer's screen, found and checked, not yet approved. */
export interface PendingDeviceCode {
  readonly clientId: string;
  /** The board the screen was opened for (`?id=`), as the screen sent it. */
  readonly requestedBoardId: number | null;
  readonly deviceInfo: { readonly ip?: string; readonly ua?: string } | undefined;
  /** Approves it for the account: what the phone's Confirm does (the grant, then the code). */
  approve(accountId: string): Promise<{ grantId: string }>;
}

export interface DeviceCodeApproval {
  /**
   * One more code typed from this address: the code page's budgets per address and per code,
   * shared with POST /activate so the two doors together allow what one does (decision IDN-21).
   */
  budget(userCode: string, ip: string): Promise<ThrottleResult>;
  /**
   * The pending code with this user code of this customer's device client; undefined for an
   * unknown, malformed, expired, used or denied code and for another customer's code alike.
   */
  findPending(userCode: string, customerId: string): Promise<PendingDeviceCode | undefined>;
}

type DeviceCode = NonNullable<Awaited<ReturnType<Provider['DeviceCode']['findByUserCode']>>>;

function requestedBoardId(params: Record<string, unknown> | undefined): number | null {
  const raw = params?.display_board_id;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The console's pairing through the provider's own models (DeviceCode, Grant), doing what its
 * code_verification and device_resume do after a person signs in and confirms on a phone: the
 * same checks (expired, used, in flight), a grant by the same policy as consent.ts (a screen gets
 * the device flow's scopes, nothing more), then the code carries the account, grant, scope and
 * resource, so the screen's next poll gets its tokens (decision BOF-49).
 */
export function createDeviceCodeApproval(
  provider: Provider,
  audience: string,
  throttles: Pick<Throttles, 'userCode'>,
): DeviceCodeApproval {
  return {
    budget: (userCode, ip) => throttles.userCode(normalizeUserCode(userCode), ip),
    async findPending(userCode, customerId) {
      const normalized = normalizeUserCode(userCode);
      if (!USER_CODE.test(normalized)) return undefined;
      const code = await provider.DeviceCode.findByUserCode(normalized, { ignoreExpiration: true });
      if (!code || code.isExpired || code.error || code.accountId || code.inFlight) return undefined;
      const client = code.clientId ? await provider.Client.find(code.clientId) : undefined;
      if (!client || !isDeviceClient(client)) return undefined;
      // Another customer's screen is answered as an unknown code: nothing tells it exists.
      if ((client.metadata() as { customer_id?: string }).customer_id !== customerId) return undefined;
      const params = code.params as Record<string, unknown> | undefined;
      const asked = params?.resource ?? params?.audience;
      if (asked !== undefined && asked !== '' && asked !== audience) return undefined;
      return {
        clientId: String(code.clientId),
        requestedBoardId: requestedBoardId(params),
        deviceInfo: code.deviceInfo as PendingDeviceCode['deviceInfo'],
        approve: (accountId) => approve(provider, audience, code, accountId),
      };
    },
  };
}

async function approve(
  provider: Provider,
  audience: string,
  code: DeviceCode,
  accountId: string,
): Promise<{ grantId: string }> {
  // Claimed first, as code_verification does, so a phone confirming the same code now is refused.
  code.inFlight = true;
  await code.save();

  const requested = new Set(String((code.params as { scope?: unknown })?.scope ?? '').split(' '));
  requested.delete('');
  const grant = new provider.Grant({
    accountId,
    clientId: code.clientId,
    expiresIn: DEVICE_GRANT_SEC,
  } as ConstructorParameters<Provider['Grant']>[0]);
  const oidcScopes = [...requested].filter((scope) => OIDC_SCOPES.has(scope));
  if (oidcScopes.length) grant.addOIDCScope(oidcScopes.join(' '));
  const allowed = new Set<string>(deviceFlowScopes);
  const offered = [...requested].filter((scope) => deviceApiScopes.includes(scope));
  const granted = offered.filter((scope) => allowed.has(scope));
  const rejected = offered.filter((scope) => !allowed.has(scope));
  if (granted.length) grant.addResourceScope(audience, granted.join(' '));
  if (rejected.length) grant.rejectResourceScope(audience, rejected.join(' '));
  const grantId = await grant.save();

  // deviceVerificationResponse's fields: no provider session (the person signed in to the
  // console), so no sessionUid or sid, and the code does not expire with one.
  const scope = new Set([
    ...grant.getOIDCScopeFiltered(requested).split(' '),
    ...grant.getResourceScopeFiltered(audience, requested).split(' '),
  ]);
  scope.delete('');
  Object.assign(code, {
    accountId,
    authTime: Math.floor(Date.now() / 1000),
    grantId,
    scope: [...scope].join(' '),
    resource: audience,
  });
  await code.save();
  return { grantId };
}
