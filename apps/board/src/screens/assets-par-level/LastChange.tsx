import { FormattedMessage, useIntl } from 'react-intl';
import { useContentStatus } from '../../board/content/board-content-context.ts';
import { useBoardConfig } from '../../board/use-display-board.ts';
import { formatClockTime } from '../../ui/time/format-time.ts';

/** "Last change 10:32 AM": when the newest change shown was committed, in the site's time zone. */
export function LastChange() {
  const { changedAt } = useContentStatus();
  const config = useBoardConfig();
  const { locale } = useIntl();
  const at = changedAt === null ? Number.NaN : Date.parse(changedAt);
  if (Number.isNaN(at)) return null;
  const timeZone = config?.department.site.default_timezone ?? 'UTC';
  return (
    <p className="par-last-change" data-testid="par-last-change">
      <FormattedMessage id="assets.lastChange" values={{ time: formatClockTime(at, locale, timeZone) }} />
    </p>
  );
}
