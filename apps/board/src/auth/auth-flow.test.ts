import { describe, expect, it } from 'vitest';
import { readAuthFlow, readNextPath, signInPath } from './auth-flow.ts';
import { boardClientKeys } from './client-keys.ts';

describe('auth flow', () => {
  it('is the device flow for auth_flow=1 and the standard flow otherwise', () => {
    expect(readAuthFlow('?id=1&auth_flow=1')).toBe('device');
    expect(readAuthFlow('?id=1&auth_flow=0')).toBe('standard');
    expect(readAuthFlow('?id=1')).toBe('standard');
  });

  it('keeps the client-side names the board has always used (signed-in screens survive an upgrade)', () => {
    expect(boardClientKeys).toEqual({
      refreshTokens: {
        standard: 'careboard.refresh-token.standard',
        device: 'careboard.refresh-token.device',
      },
      loginTransaction: 'careboard.login-transaction',
      tokenLock: 'careboard-token-refresh',
    });
  });

  it('sends an off-origin next to the root', () => {
    expect(signInPath('standard', '//evil.example/x')).toBe('/auth/login?next=%2F');
    expect(readNextPath(new URLSearchParams('next=%2Ffamily%3Fid%3D2'))).toBe('/family?id=2');
    expect(readNextPath(new URLSearchParams('next=https%3A%2F%2Fevil.example'))).toBe('/');
    expect(readNextPath(new URLSearchParams(''))).toBe('/');
  });

  it('sends the standard flow to auth/login and the device flow to auth/device, with next', () => {
    expect(signInPath('standard', '/?id=1')).toBe('/auth/login?next=%2F%3Fid%3D1');
    expect(signInPath('device', '/?id=1&auth_flow=1')).toBe('/auth/device?next=%2F%3Fid%3D1%26auth_flow%3D1');
  });
});
