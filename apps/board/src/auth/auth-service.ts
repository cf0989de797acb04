import type { CustomerConfig, RuntimeConfig } from '@careboard/contracts';
import {
  type AuthSession,
  type BrowserNavigation,
  createAuthSession,
  type Fetch,
  type LoginTransactionStorage,
  type RefreshTokenStorage,
  type TokenLock,
} from '@careboard/web-client';
import type { AppStore } from '../state/app-store.ts';
import { CALLBACK_PATH, signInPath } from './auth-flow.ts';
import { createDeviceEndpoints, type DeviceEndpoints } from './device/device-endpoints.ts';

export interface AuthServiceDeps {
  readonly config: RuntimeConfig;
  readonly customer: CustomerConfig;
  readonly store: AppStore;
  readonly fetch: Fetch;
  readonly refreshTokens: RefreshTokenStorage;
  readonly transactions: LoginTransactionStorage;
  readonly lock: TokenLock;
  readonly browser: BrowserNavigation;
}

/** The shared session (@careboard/web-client) plus the board's own device flow. */
export interface AuthService extends AuthSession {
  readonly device: DeviceEndpoints;
}

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const device = createDeviceEndpoints({
    config: deps.config,
    deviceClientId: deps.customer.auth_device_client_id,
    fetch: deps.fetch,
  });
  const session = createAuthSession({ ...deps, callbackPath: CALLBACK_PATH, signInPath, device });
  return { ...session, device };
}
