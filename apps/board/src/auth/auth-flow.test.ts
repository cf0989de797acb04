import { describe, expect, it } from 'vitest';
import { readAuthFlow, safeNextPath, signInPath } from './auth-flow.ts';

describe('auth flow', () => {
  it('is the device flow for auth_flow=1 and the standard flow otherwise', () => {
    expect(readAuthFlow('?id=1&auth_flow=1')).toBe('device');
    expect(readAuthFlow('?id=1&auth_flow=0')).toBe('standard');
    expect(readAuthFlow('?id=1')).toBe('standard');
  });

  it('keeps next on this origin', () => {
    expect(safeNextPath('/family?id=2')).toBe('/family?id=2');
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });

  it('sends the standard flow to auth/login and the device flow to auth/device, with next', () => {
    expect(signInPath('standard', '/?id=1')).toBe('/auth/login?next=%2F%3Fid%3D1');
    expect(signInPath('device', '/?id=1&auth_flow=1')).toBe('/auth/device?next=%2F%3Fid%3D1%26auth_flow%3D1');
  });
});
