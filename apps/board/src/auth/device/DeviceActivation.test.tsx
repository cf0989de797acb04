import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/test-harness.tsx';
import { renderWithIntl } from '../../ui/render-with-intl.tsx';
import { DeviceActivation } from './DeviceActivation.tsx';
import type { DeviceCode, DeviceEndpoints, PollOutcome } from './device-endpoints.ts';

const code: DeviceCode = {
  deviceCode: 'device-code-1',
  userCode: 'BDWD-HQPK',
  verificationUriComplete: 'https://board.example/activate?user_code=BDWD-HQPK',
  verificationUri: 'https://board.example/activate',
  // A short interval keeps these rendering tests quick; the timing itself is tested on the state machine.
  intervalSec: 0.01,
};

function renderActivation(outcome: PollOutcome | Error = { kind: 'pending' }) {
  let releaseCode: (value: DeviceCode) => void = () => undefined;
  const endpoints: Pick<DeviceEndpoints, 'requestCode' | 'poll'> = {
    requestCode: vi.fn(() => new Promise<DeviceCode>((resolve) => (releaseCode = resolve))),
    poll: vi.fn(async () => {
      if (outcome instanceof Error) throw outcome;
      return outcome;
    }),
  };
  const props = { endpoints, onAuthorized: vi.fn(), restart: vi.fn(), onUnexpectedError: vi.fn() };
  const view = renderWithIntl(<DeviceActivation {...props} />);
  return { ...view, props, releaseCode: (value: DeviceCode = code) => act(async () => releaseCode(value)) };
}

describe('device activation screen', () => {
  it('shows nothing at all, not even a spinner, until the code has arrived', () => {
    const { container } = renderActivation();
    expect(container.innerHTML).toBe('');
  });

  it('then shows the logo, the code text, where to enter it, a QR code and an invisible full-screen link', async () => {
    const { releaseCode, container } = renderActivation();
    await releaseCode();
    const text = screen.getByText('To activate this device use the following code: BDWD-HQPK');
    // The address to enter the code at, on its own line right under the specification's text (BOF-47).
    const address = screen.getByText('Enter the code at https://board.example/activate');
    expect(address.tagName).toBe('P');
    expect(text.nextElementSibling).toBe(address);
    expect(container.querySelector('img.device-logo')?.getAttribute('src')).toBe('/logo.svg');
    const link = screen.getByRole('link', { name: 'Open the activation page' });
    expect(link.getAttribute('href')).toBe(code.verificationUriComplete);
    // Invisible and full screen: see .device-link and .visually-hidden in app.css.
    expect(link.className).toBe('device-link');
    expect(link.firstElementChild?.className).toBe('visually-hidden');
    const qr = await screen.findByAltText('QR code of the activation address');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it.each([
    [{ kind: 'denied' } as const, 'The user or authorization server denied the transaction.'],
    [{ kind: 'expired' } as const, 'The user has not authorized the device quickly enough.'],
    [new Error('invalid_client'), 'There was an unexpected error.'],
  ])('after %o says the flow will restart, with the reason', async (outcome, reason) => {
    const { releaseCode } = renderActivation(outcome);
    await releaseCode();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Authentication flow will restart automatically in 20 seconds.${reason}`);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('hands the tokens over on success', async () => {
    const tokens = { access_token: 'a', refresh_token: 'r' };
    const { releaseCode, props } = renderActivation({ kind: 'authorized', tokens });
    await releaseCode();
    await waitFor(() => expect(props.onAuthorized).toHaveBeenCalledWith(tokens));
  });
});

describe('device route', () => {
  it('uses a stored refresh token first and goes on to next', async () => {
    const app = renderApp('/auth/device?next=%2Fpatient%3Fid%3D3%26auth_flow%3D1');
    await waitFor(() => expect(app.auth.restoreSession).toHaveBeenCalledWith('device'));
    act(() => app.answerRestore('authenticated'));
    await waitFor(() => expect(app.location()).toBe('/patient?id=3&auth_flow=1'));
    expect(app.device.requestCode).not.toHaveBeenCalled();
  });

  it('otherwise activates, keeps the tokens and goes on to next', async () => {
    const app = renderApp('/auth/device?next=%2F%3Fid%3D1%26auth_flow%3D1', (auth) => {
      vi.mocked(auth.device.requestCode).mockResolvedValue(code);
      vi.mocked(auth.device.poll).mockResolvedValue({ kind: 'authorized', tokens: { access_token: 'a' } });
    });
    await waitFor(() => expect(app.auth.restoreSession).toHaveBeenCalledWith('device'));
    act(() => app.answerRestore('no-session'));
    expect(await screen.findByText('To activate this device use the following code: BDWD-HQPK')).toBeTruthy();
    await waitFor(() => expect(app.auth.acceptTokens).toHaveBeenCalledWith('device', { access_token: 'a' }));
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(app.search()).toBe('?id=1&auth_flow=1');
  });
});
