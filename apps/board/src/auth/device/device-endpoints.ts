import { deviceFlowScopes, type RuntimeConfig } from '@careboard/contracts';
import { type Fetch, oauthErrorCode, oauthRequestOptions, type TokenSet } from '@careboard/web-client';
import * as oauth from 'oauth4webapi';
import { deviceAuthorizationServer } from './device-authorization-server.ts';

/** The device code answer the board uses (specification section 3). */
export interface DeviceCode {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly verificationUriComplete: string;
  /** Where a person enters the code by hand (RFC 8628 verification_uri), shown under it. */
  readonly verificationUri: string;
  /** Seconds between polls, as the server says; undefined when it says nothing. */
  readonly intervalSec: number | undefined;
}

export type PollOutcome =
  | { readonly kind: 'authorized'; readonly tokens: TokenSet }
  | { readonly kind: 'pending' }
  | { readonly kind: 'slow-down' }
  | { readonly kind: 'denied' }
  | { readonly kind: 'expired' };

export interface DeviceEndpoints {
  /**
   * A new code, for the board this screen shows: the server makes the screen's
   * device with that board, and its token reads no other (decision IDN-16).
   */
  requestCode(displayBoardId?: number | null): Promise<DeviceCode>;
  /** One poll of the token endpoint; throws on anything the flow does not name. */
  poll(deviceCode: string): Promise<PollOutcome>;
  refresh(refreshToken: string): Promise<TokenSet>;
  revoke(refreshToken: string): Promise<void>;
}

export interface DeviceEndpointsDeps {
  readonly config: Pick<RuntimeConfig, 'AUTH_DOMAIN' | 'AUTH_AUDIENCE'>;
  /** The customer's auth_device_client_id; null (a disabled customer) cannot activate. */
  readonly deviceClientId: string | null;
  readonly fetch: Fetch;
}

const pollErrors: Readonly<Record<string, PollOutcome>> = {
  authorization_pending: { kind: 'pending' },
  slow_down: { kind: 'slow-down' },
  access_denied: { kind: 'denied' },
  expired_token: { kind: 'expired' },
};

/**
 * The device flow's calls: POST {AUTH_DOMAIN}/oauth/device/code (client_id,
 * scope, audience) and POST {AUTH_DOMAIN}/oauth/token (client_id, device_code,
 * grant_type device_code; or the refresh grant with scope).
 */
export function createDeviceEndpoints(deps: DeviceEndpointsDeps): DeviceEndpoints {
  const as = deviceAuthorizationServer(deps.config.AUTH_DOMAIN);
  const options = oauthRequestOptions(deps.config.AUTH_DOMAIN, deps.fetch);
  const scope = deviceFlowScopes.join(' ');

  function client(): oauth.Client {
    if (!deps.deviceClientId) throw new Error('This customer has no device client');
    return { client_id: deps.deviceClientId };
  }

  return {
    async requestCode(displayBoardId) {
      const parameters: Record<string, string> = { scope, audience: deps.config.AUTH_AUDIENCE };
      if (displayBoardId) parameters.display_board_id = String(displayBoardId);
      const response = await oauth.deviceAuthorizationRequest(
        as,
        client(),
        oauth.None(),
        parameters,
        options,
      );
      const answer = await oauth.processDeviceAuthorizationResponse(as, client(), response);
      return {
        deviceCode: answer.device_code,
        userCode: answer.user_code,
        verificationUriComplete: answer.verification_uri_complete ?? answer.verification_uri,
        verificationUri: answer.verification_uri,
        intervalSec: answer.interval,
      };
    },

    async poll(deviceCode) {
      try {
        const response = await oauth.deviceCodeGrantRequest(as, client(), oauth.None(), deviceCode, options);
        const tokens = await oauth.processDeviceCodeResponse(as, client(), response);
        return { kind: 'authorized', tokens };
      } catch (error) {
        const known = pollErrors[oauthErrorCode(error) ?? ''];
        if (known) return known;
        throw error;
      }
    },

    async refresh(refreshToken) {
      const response = await oauth.refreshTokenGrantRequest(as, client(), oauth.None(), refreshToken, {
        ...options,
        additionalParameters: { scope },
      });
      return oauth.processRefreshTokenResponse(as, client(), response);
    },

    async revoke(refreshToken) {
      const revocation = { ...as, revocation_endpoint: `${as.issuer}/oauth/revoke` };
      const response = await oauth.revocationRequest(
        revocation,
        client(),
        oauth.None(),
        refreshToken,
        options,
      );
      await oauth.processRevocationResponse(response);
    },
  };
}
