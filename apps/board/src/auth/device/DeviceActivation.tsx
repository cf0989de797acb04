import type { TokenSet } from '@careboard/web-client';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/en-US.ts';
import { markAppStable } from '../../release/app-stable.ts';
import type { DeviceEndpoints } from './device-endpoints.ts';
import { createDeviceFlow, type DeviceFailure } from './device-flow-machine.ts';
import { QrCode } from './QrCode.tsx';

const failureText: Readonly<Record<DeviceFailure, MessageId>> = {
  access_denied: 'device.accessDenied',
  expired_token: 'device.expiredToken',
  unexpected: 'error.unexpected',
};

export interface DeviceActivationProps {
  readonly endpoints: Pick<DeviceEndpoints, 'requestCode' | 'poll'>;
  /** The board the screen was opened for (`?id=`): its device will show that one (IDN-16). */
  readonly displayBoardId?: number | null;
  readonly onAuthorized: (tokens: TokenSet) => void;
  readonly restart: () => void;
  readonly onUnexpectedError: (error: unknown) => void;
}

/**
 * The activation screen: nothing until the code has arrived (no spinner in the
 * device flow), then the logo, the code, where to enter it, a QR code and an
 * invisible full-screen link to the complete verification address.
 */
export function DeviceActivation(props: DeviceActivationProps) {
  const intl = useIntl();
  const [flow] = useState(() =>
    createDeviceFlow({
      requestCode: () => props.endpoints.requestCode(props.displayBoardId ?? null),
      poll: (deviceCode) => props.endpoints.poll(deviceCode),
      onAuthorized: (tokens) => props.onAuthorized(tokens),
      restart: () => props.restart(),
      onUnexpectedError: (error) => props.onUnexpectedError(error),
    }),
  );
  const state = useSyncExternalStore(flow.subscribe, flow.getState);

  useEffect(() => {
    flow.start();
    return () => flow.stop();
  }, [flow]);

  useEffect(() => {
    if (state.kind === 'awaiting-user') markAppStable();
  }, [state.kind]);

  if (state.kind === 'failed') {
    return (
      <main className="full-screen centered device">
        <p className="screen-message" role="alert">
          <FormattedMessage id="device.restart" />
          <br />
          <FormattedMessage id={failureText[state.reason]} />
        </p>
      </main>
    );
  }
  if (state.kind !== 'awaiting-user') return null;
  return (
    <main className="full-screen centered device">
      <img className="device-logo" src="/logo.svg" alt={intl.formatMessage({ id: 'device.logo' })} />
      <p className="device-code">
        <FormattedMessage id="device.activate" values={{ code: state.userCode }} />
      </p>
      {/* Where to enter it by hand, under the specification's text (BOF-47). */}
      <p className="device-address">
        <FormattedMessage id="device.address" values={{ address: state.verificationUri }} />
      </p>
      <QrCode value={state.verificationUriComplete} label={intl.formatMessage({ id: 'device.qrCode' })} />
      <a className="device-link" href={state.verificationUriComplete} target="_blank" rel="noreferrer">
        <span className="visually-hidden">
          <FormattedMessage id="device.activationLink" />
        </span>
      </a>
    </main>
  );
}
