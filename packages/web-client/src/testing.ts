/**
 * Test helpers for apps that use @careboard/web-client (`@careboard/web-client/testing`);
 * kept out of the main entry so no app bundle can reach them.
 */
export {
  createTestIdentityProvider,
  ISSUER,
  type TestIdentityProvider,
  testAuthConfig,
} from './auth/test-identity-provider.ts';
export { memoryStorage } from './auth/tokens/memory-storage.ts';
export { fakeAccessToken } from './auth/tokens/test-tokens.ts';
