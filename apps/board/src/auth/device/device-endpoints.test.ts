// @vitest-environment node
// oauth4webapi checks Response objects by realm; jsdom would bring a second one.
import { deviceFlowScopes } from '@careboard/contracts';
import { describe, expect, it, vi } from 'vitest';
import { testRuntimeConfig } from '../../runtime-config/test-runtime-config.ts';
import { createDeviceEndpoints } from './device-endpoints.ts';

function endpointsAnswering(body: Record<string, unknown>, status = 200) {
  const requests: { url: string; form: URLSearchParams; headers: Headers }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    requests.push({
      url,
      form: new URLSearchParams(String(init?.body)),
      headers: new Headers(init?.headers),
    });
    return Response.json(body, { status });
  });
  const endpoints = createDeviceEndpoints({
    config: testRuntimeConfig,
    deviceClientId: 'device-acme',
    fetch,
  });
  return { endpoints, requests };
}

describe('device flow calls', () => {
  it('POSTs {AUTH_DOMAIN}/oauth/device/code with client_id, the device scopes and audience', async () => {
    const { endpoints, requests } = endpointsAnswering({
      device_code: 'dc-1',
      user_code: 'BDWD-HQPK',
      verification_uri: 'https://board.example/activate',
      verification_uri_complete: 'https://board.example/activate?user_code=BDWD-HQPK',
      expires_in: 600,
      interval: 5,
    });
    await expect(endpoints.requestCode()).resolves.toEqual({
      deviceCode: 'dc-1',
      userCode: 'BDWD-HQPK',
      verificationUriComplete: 'https://board.example/activate?user_code=BDWD-HQPK',
      verificationUri: 'https://board.example/activate',
      intervalSec: 5,
    });
    const [request] = requests;
    expect(request?.url).toBe('https://board.example/oauth/device/code');
    expect(request?.form.get('client_id')).toBe('device-acme');
    expect(request?.form.get('scope')).toBe(deviceFlowScopes.join(' '));
    expect(request?.form.get('audience')).toBe(testRuntimeConfig.AUTH_AUDIENCE);
    expect(request?.headers.has('authorization')).toBe(false);
  });

  it('names the board the screen was opened for, so its token reads that board only (IDN-16)', async () => {
    const { endpoints, requests } = endpointsAnswering({
      device_code: 'dc-1',
      user_code: 'BDWD-HQPK',
      verification_uri: 'https://board.example/activate',
      expires_in: 600,
    });
    await endpoints.requestCode(2);
    expect(requests[0]?.form.get('display_board_id')).toBe('2');
    await endpoints.requestCode(null);
    expect(requests[1]?.form.has('display_board_id')).toBe(false);
  });

  it('polls {AUTH_DOMAIN}/oauth/token with client_id, device_code and the device_code grant type', async () => {
    const { endpoints, requests } = endpointsAnswering({ error: 'authorization_pending' }, 400);
    await expect(endpoints.poll('dc-1')).resolves.toEqual({ kind: 'pending' });
    const [request] = requests;
    expect(request?.url).toBe('https://board.example/oauth/token');
    expect(request?.form.get('client_id')).toBe('device-acme');
    expect(request?.form.get('device_code')).toBe('dc-1');
    expect(request?.form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:device_code');
  });

  it.each([
    ['slow_down', { kind: 'slow-down' }],
    ['access_denied', { kind: 'denied' }],
    ['expired_token', { kind: 'expired' }],
  ])('reads %s', async (error, outcome) => {
    const { endpoints } = endpointsAnswering({ error }, 400);
    await expect(endpoints.poll('dc-1')).resolves.toEqual(outcome);
  });

  it('throws any other error for the flow to treat as unexpected', async () => {
    const { endpoints } = endpointsAnswering({ error: 'invalid_client' }, 400);
    await expect(endpoints.poll('dc-1')).rejects.toThrow();
  });

  it('answers the tokens on success', async () => {
    const { endpoints } = endpointsAnswering({
      access_token: 'a',
      token_type: 'Bearer',
      refresh_token: 'r',
      expires_in: 600,
    });
    await expect(endpoints.poll('dc-1')).resolves.toMatchObject({
      kind: 'authorized',
      tokens: { access_token: 'a', refresh_token: 'r', expires_in: 600 },
    });
  });

  it('refreshes with client_id, grant_type refresh_token, scope and refresh_token', async () => {
    const { endpoints, requests } = endpointsAnswering({
      access_token: 'a2',
      token_type: 'Bearer',
      refresh_token: 'r2',
    });
    await endpoints.refresh('r1');
    const form = requests[0]?.form;
    expect(form?.get('client_id')).toBe('device-acme');
    expect(form?.get('grant_type')).toBe('refresh_token');
    expect(form?.get('scope')).toBe(deviceFlowScopes.join(' '));
    expect(form?.get('refresh_token')).toBe('r1');
  });

  it('cannot start for a customer without a device client', async () => {
    const fetch = vi.fn();
    const endpoints = createDeviceEndpoints({ config: testRuntimeConfig, deviceClientId: null, fetch });
    await expect(endpoints.requestCode()).rejects.toThrow(/device client/);
    expect(fetch).not.toHaveBeenCalled();
  });
});
