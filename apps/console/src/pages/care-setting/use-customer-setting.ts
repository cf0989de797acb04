import { useState } from 'react';
import { useConsoleIdentity } from '../../auth/console-identity.ts';
import { useLiveQuery } from '../../data/use-live-query.ts';
import type { Rest } from '../../ui/crud/rest.ts';

/**
 * One of the customer's settings, read live from `customers/:id/settings` and saved with
 * PATCH /customers/:id: the read, and a save that says when it is done or why it was refused.
 * The ADT default workflow and the non-reporting time both edit through it.
 */
export function useCustomerSetting<T>(rest: Rest, kinds: readonly string[]) {
  const { customerId } = useConsoleIdentity();
  const settings = useLiveQuery<T>(`customers/${encodeURIComponent(customerId)}/settings`, kinds);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const save = async (patch: Record<string, unknown>) => {
    setBusy(true);
    setSaved(false);
    setError(undefined);
    try {
      await rest.patch(`customers/${encodeURIComponent(customerId)}`, patch);
      setSaved(true);
      settings.reload();
    } catch (refusal) {
      setError(refusal);
    } finally {
      setBusy(false);
    }
  };

  return { settings, saved, error: settings.error ?? error, busy, save, edited: () => setSaved(false) };
}
