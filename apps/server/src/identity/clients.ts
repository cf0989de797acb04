import type { AdapterPayload, ClientMetadata } from 'oidc-provider';
import type { IdentityConfig } from '../config/config.ts';
import { findCustomerByDeviceClient } from '../store/customers.ts';
import type { Db } from '../store/database.ts';

export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** Client metadata we keep on every client: whose it is. */
export interface CareboardClientMetadata extends ClientMetadata {
  customer_id?: string;
}

/**
 * The board app's public web client (code + PKCE, one for every customer; the
 * customer is chosen by `organization`), and one public device client per
 * customer (`auth_device_client_id`: device code and refresh token grants).
 */
export async function findClientMetadata(
  db: Db,
  config: IdentityConfig,
  clientId: string,
): Promise<AdapterPayload | undefined> {
  if (clientId === config.webClientId) {
    const web: CareboardClientMetadata = {
      client_id: clientId,
      client_name: 'Careboard',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [...config.redirectUris],
      post_logout_redirect_uris: [...config.postLogoutRedirectUris],
      id_token_signed_response_alg: 'RS256',
    };
    return web as AdapterPayload;
  }
  if (clientId.length > 200) return undefined;
  const customer = await findCustomerByDeviceClient(db, clientId);
  if (!customer) return undefined;
  const device: CareboardClientMetadata = {
    client_id: clientId,
    client_name: customer.name ?? customer.id,
    customer_id: customer.id,
    token_endpoint_auth_method: 'none',
    grant_types: [DEVICE_CODE_GRANT, 'refresh_token'],
    response_types: [],
    redirect_uris: [],
    id_token_signed_response_alg: 'RS256',
  };
  return device as AdapterPayload;
}

export function isDeviceClient(client: { grantTypes?: readonly string[] } | undefined): boolean {
  return client?.grantTypes?.includes(DEVICE_CODE_GRANT) ?? false;
}
