import { useCallback } from 'react';
import { formatClockDate, formatClockTime } from './format-time.ts';
import { useTicking } from './use-ticking.ts';

/** Time and date in the site's time zone; renders once a minute. */
export function Clock({ locale, timeZone }: { readonly locale: string; readonly timeZone: string }) {
  const time = useTicking(useCallback((now) => formatClockTime(now, locale, timeZone), [locale, timeZone]));
  const date = useTicking(useCallback((now) => formatClockDate(now, locale, timeZone), [locale, timeZone]));
  return (
    <div className="board-clock">
      <time className="board-clock-time">{time}</time>
      <span className="board-clock-date">{date}</span>
    </div>
  );
}
