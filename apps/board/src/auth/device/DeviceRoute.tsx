import type { TokenSet } from '@careboard/web-client';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readBoardId } from '../../runtime-config/read-board-id.ts';
import { useRuntime } from '../../runtime-config/runtime-context.ts';
import { useAuth } from '../auth-context.ts';
import { readNextPath } from '../auth-flow.ts';
import { DeviceActivation } from './DeviceActivation.tsx';

/**
 * auth/device?next=…: a stored refresh token first; without one, the
 * activation screen. Then on to `next`. Loaded on demand (it carries the QR
 * code library).
 */
export function DeviceRoute() {
  const auth = useAuth();
  const { reporter } = useRuntime();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = readNextPath(params);
  const [activating, setActivating] = useState(false);

  useEffect(() => {
    let current = true;
    auth.restoreSession('device').then((result) => {
      if (!current) return;
      if (result === 'authenticated') navigate(next, { replace: true });
      else setActivating(true);
    });
    return () => {
      current = false;
    };
  }, [auth, navigate, next]);

  function onAuthorized(tokens: TokenSet): void {
    try {
      auth.acceptTokens('device', tokens);
    } catch (error) {
      // An access token the board cannot read: start over rather than show a board that cannot load.
      reporter.report(error);
      window.location.reload();
      return;
    }
    navigate(next, { replace: true });
  }

  if (!activating) return null;
  return (
    <DeviceActivation
      endpoints={auth.device}
      displayBoardId={readBoardId(new URL(next, window.location.origin).search)}
      onAuthorized={onAuthorized}
      restart={() => window.location.reload()}
      onUnexpectedError={(error) => reporter.report(error)}
    />
  );
}
