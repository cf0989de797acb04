import { useState } from 'react';
import { useLiveQuery } from '../../data/use-live-query.ts';
import type { Rest } from './rest.ts';

/**
 * One of the customer's settings, read live from `customers/:id/settings` and saved with
 * PATCH /customers/:id: the read, and a save that says when it is done or why it was refused.
 * The ADT default workflow, the non-reporting time and the retention periods edit through it.
 */
export function useCustomerSetting<T>(rest: Rest, customerId: string, kinds: readonly string[]) {
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
