import * as oauth from 'oauth4webapi';
import { describe, expect, it, vi } from 'vitest';
import { isLocalHttp, oauthRequestOptions } from './oauth-options.ts';

describe('plain-http identity provider', () => {
  it('is allowed on this machine only', () => {
    expect(isLocalHttp('http://localhost:8080')).toBe(true);
    expect(isLocalHttp('http://127.0.0.1:8080')).toBe(true);
    expect(isLocalHttp('http://192.168.1.20:8080')).toBe(false);
    expect(isLocalHttp('http://careboard.local')).toBe(false);
    expect(isLocalHttp('https://localhost')).toBe(false);
  });

  it('turns on allowInsecureRequests accordingly and routes requests through the HTTP client', () => {
    const fetch = vi.fn();
    expect(oauthRequestOptions('http://localhost:8080', fetch)[oauth.allowInsecureRequests]).toBe(true);
    expect(oauthRequestOptions('https://tenant.auth.example', fetch)[oauth.allowInsecureRequests]).toBe(
      false,
    );
    expect(oauthRequestOptions('https://tenant.auth.example', fetch)[oauth.customFetch]).toBe(fetch);
  });
});
