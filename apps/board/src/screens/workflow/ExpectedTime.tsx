import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useBoardConfig } from '../../board/use-display-board.ts';
import { useTicking } from '../../ui/time/use-ticking.ts';
import { expectedTimeText } from './expected-time.ts';

/**
 * When the patient is expected, in the site's time zone; ticking only to name the day once it is
 * past (renders when its text changes, not every second). None: the EHR gave no time.
 */
export function ExpectedTime({ at }: { readonly at: string | null }) {
  const { locale } = useIntl();
  const timeZone = useBoardConfig()?.department.site.default_timezone ?? 'UTC';
  const text = useTicking(
    useCallback(
      (now: number) => (at === null ? '' : expectedTimeText(Date.parse(at), now, locale, timeZone)),
      [at, locale, timeZone],
    ),
  );
  if (at === null) return <span className="workflow-none">—</span>;
  return <span className="workflow-expected-time">{text}</span>;
}
