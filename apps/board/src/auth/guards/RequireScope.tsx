import { hasScopes } from '@careboard/contracts';
import type { ReactNode } from 'react';
import { useAppState } from '../../state/app-store-context.ts';
import { DialogMessage } from '../../ui/lazy-messages.tsx';

/**
 * Lets its children render only when the access token holds every required
 * scope; otherwise 'You do not have permissions to access this section.' with
 * a Close action (specification section 5).
 */
export function RequireScope({
  scopes,
  children,
}: {
  readonly scopes: readonly string[];
  readonly children: ReactNode;
}) {
  const granted = useAppState((state) => state.session.scopes);
  if (!hasScopes(granted, scopes)) return <DialogMessage id="auth.noPermission" />;
  return children;
}
