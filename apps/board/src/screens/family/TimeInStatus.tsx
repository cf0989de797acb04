import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { formatDuration, secondsSince } from '../../ui/time/format-time.ts';
import { useTicking } from '../../ui/time/use-ticking.ts';

/**
 * Time since the status began, ticking on its own: the shared ticker looks
 * every second, but this cell re-renders only when its minute text changes,
 * and never its row or the table.
 */
export function TimeInStatus({ since }: { readonly since: string }) {
  const { locale } = useIntl();
  const text = useTicking(
    useCallback((now: number) => formatDuration(secondsSince(since, now), locale), [since, locale]),
  );
  return <time dateTime={since}>{text}</time>;
}
