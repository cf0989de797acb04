import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { formatDuration, secondsSince } from '../../ui/time/format-time.ts';
import { useTicking } from '../../ui/time/use-ticking.ts';

/** Time since the patient entered the phase; only this text renders as time passes (once a minute). */
export function TimeInPhase({ enteredAt }: { readonly enteredAt: string }) {
  const { locale } = useIntl();
  const text = useTicking(
    useCallback((now: number) => formatDuration(secondsSince(enteredAt, now), locale), [enteredAt, locale]),
  );
  return <span className="workflow-time">{text}</span>;
}
