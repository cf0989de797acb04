import { deviceFlowScopes } from '@careboard/contracts';
import type Provider from 'oidc-provider';
import type { AccountWithOrg } from '../store/accounts.ts';
import { isDeviceClient } from './clients.ts';
import { mayActivateDevices, scopesForRole } from './roles.ts';

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;
type Client = NonNullable<Awaited<ReturnType<Provider['Client']['find']>>>;

export type ConsentResult =
  | { ok: true; grantId: string }
  | { ok: false; error: 'access_denied'; description: string };

const DAY = 24 * 60 * 60;

/**
 * Consent is decided by policy, not asked: the account's role says which
 * scopes it may have; requested scopes beyond that are rejected (so the
 * prompt does not return). A device is activated only by an admin of the
 * device's own customer (decisions IDN-02, IDN-20); a standard
 * sign-in naming an `organization` must be one the account belongs to.
 */
export async function grantByPolicy(
  provider: Provider,
  details: Details,
  client: Client,
  account: AccountWithOrg,
): Promise<ConsentResult> {
  const device = isDeviceClient(client);
  const clientCustomer = (client.metadata() as { customer_id?: string }).customer_id;
  if (device && (clientCustomer !== account.customer_id || !mayActivateDevices(account.role))) {
    return {
      ok: false,
      error: 'access_denied',
      description: 'This account may not activate displays of this organization.',
    };
  }
  const organization = (details.params as { organization?: unknown }).organization;
  if (
    !device &&
    typeof organization === 'string' &&
    organization !== '' &&
    organization !== account.auth_org_id
  ) {
    return {
      ok: false,
      error: 'access_denied',
      description: 'This account is not a member of this organization.',
    };
  }

  // The lifetime is set here: this runs outside the provider's request context, where its TTL hook cannot see the client.
  const expiresIn = device ? 10 * 365 * DAY : 14 * DAY;
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ?? newGrant(provider, details, expiresIn))
    : newGrant(provider, details, expiresIn);
  const prompt = details.prompt.details as {
    missingOIDCScope?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (prompt.missingOIDCScope?.length) grant.addOIDCScope(prompt.missingOIDCScope.join(' '));
  const allowed = new Set(device ? deviceFlowScopes : scopesForRole(account.role));
  for (const [resource, scopes] of Object.entries(prompt.missingResourceScopes ?? {})) {
    const granted = scopes.filter((scope) => allowed.has(scope));
    const rejected = scopes.filter((scope) => !allowed.has(scope));
    if (granted.length) grant.addResourceScope(resource, granted.join(' '));
    if (rejected.length) grant.rejectResourceScope(resource, rejected.join(' '));
  }
  const grantId = await grant.save();
  return { ok: true, grantId };
}

function newGrant(provider: Provider, details: Details, expiresIn: number) {
  return new provider.Grant({
    accountId: details.session?.accountId,
    clientId: String(details.params.client_id),
    expiresIn,
  } as ConstructorParameters<Provider['Grant']>[0]);
}
