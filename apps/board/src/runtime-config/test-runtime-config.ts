import type { RuntimeConfig } from '@careboard/contracts';

/** Test helper: a runtime config as the server would serve it for PUBLIC_URL=https://board.example. */
export const testRuntimeConfig: RuntimeConfig = Object.freeze({
  API_URL: 'https://board.example/api',
  SECURABLE_API_URL: 'https://board.example/api/securable',
  EXPORT_API_URL: 'https://board.example/api/export',
  GRAPHQL_URL: 'wss://board.example/graphql',
  SOCKETS_URL: 'https://board.example',
  AUTH_DOMAIN: 'https://board.example',
  AUTH_AUDIENCE: 'https://board.example/api',
  AUTH_CLIENT_ID: 'careboard-board',
  REFRESH_TOKEN_IN_ADVANCE_SEC: 60,
  CHECK_RELEASE_AFTER_SEC: 300,
  LOGOUT_CALLBACK_URL: 'https://board.example/',
  ERROR_REPORTING_KEY: null,
  CUSTOMER_ID: null,
});
