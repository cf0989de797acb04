import { FormattedMessage } from 'react-intl';
import { formatClockTime } from '../../ui/time/format-time.ts';

export interface StaleNoticeProps {
  readonly dataAsOf: number | null;
  readonly locale: string;
  readonly timeZone: string;
}

/** 'Reconnecting — data as of 10:32': the board never passes stale data off as live. */
export function StaleNotice({ dataAsOf, locale, timeZone }: StaleNoticeProps) {
  const time = dataAsOf === null ? '—' : formatClockTime(dataAsOf, locale, timeZone);
  return (
    <div className="board-stale" role="alert" data-testid="stale-notice">
      <FormattedMessage id="board.reconnecting" values={{ time }} />
    </div>
  );
}
