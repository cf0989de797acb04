import type { CallRow } from '@careboard/contracts';
import { memo, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useBoardRow } from '../../board/content/board-content-context.ts';
import { PageIndicator } from '../../board/paging/PageIndicator.tsx';
import { pageCount, pageOf, rowsPerPage } from '../../board/paging/pages.ts';
import { useElementHeight } from '../../board/paging/use-element-height.ts';
import { usePageRotation } from '../../board/paging/use-page-rotation.ts';
import { formatClockTime } from '../../ui/time/format-time.ts';

export interface RecentCallsProps {
  /** The earlier calls' keys, newest first. */
  readonly keys: readonly string[];
  readonly rotationSec: number;
  readonly locale: string;
  readonly timeZone: string;
}

interface ItemProps {
  readonly callKey: string;
  readonly locale: string;
  readonly timeZone: string;
}

/** One earlier call; re-renders only when that call changes. */
const RecentCallItem = memo(function RecentCallItem({ callKey, locale, timeZone }: ItemProps) {
  const call = useBoardRow<CallRow>(callKey);
  if (!call) return null;
  return (
    <li className="patient-recent-item" data-testid="recent-call">
      <span className="patient-recent-name">{call.name}</span>
      <span className="patient-recent-station">{call.station_name}</span>
      <time className="patient-recent-time" dateTime={call.called_at}>
        {formatClockTime(Date.parse(call.called_at), locale, timeZone)}
      </time>
    </li>
  );
});

/**
 * The calls before the newest, newest first, in pages that fit the panel
 * (rotating every `rotationSec`): the board never scrolls.
 */
export const RecentCalls = memo(function RecentCalls({
  keys,
  rotationSec,
  locale,
  timeZone,
}: RecentCallsProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const available = useElementHeight(listRef);
  const probeRef = useRef<HTMLLIElement>(null);
  const rowHeight = useElementHeight(probeRef);
  const perPage = rowsPerPage(available, rowHeight);
  const count = pageCount(keys.length, perPage);
  const index = usePageRotation(count, rotationSec);
  const page = pageOf(keys, perPage, index);
  return (
    <section className="patient-recent" aria-labelledby="patient-recent-title">
      <header className="patient-recent-header">
        <h2 id="patient-recent-title" className="patient-recent-title">
          <FormattedMessage id="patient.recentCalls" />
        </h2>
        <PageIndicator index={index} count={count} />
      </header>
      <ol className="patient-recent-list" ref={listRef}>
        {/* An invisible item, measured: how tall a row is at this screen size. */}
        <li className="patient-recent-item patient-recent-probe" ref={probeRef} aria-hidden="true">
          &nbsp;
        </li>
        {page.map((key) => (
          <RecentCallItem key={key} callKey={key} locale={locale} timeZone={timeZone} />
        ))}
      </ol>
      {keys.length === 0 ? (
        <p className="patient-recent-empty">
          <FormattedMessage id="patient.noEarlierCalls" />
        </p>
      ) : null}
    </section>
  );
});
