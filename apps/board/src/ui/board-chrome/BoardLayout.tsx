import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useContentStatus } from '../../board/content/board-content-context.ts';
import { useBoardConfig } from '../../board/use-display-board.ts';
import { Clock } from '../time/Clock.tsx';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { StaleNotice } from './StaleNotice.tsx';
import { useBurnInShift } from './use-burn-in-shift.ts';
import './board-chrome.css';

export interface BoardLayoutProps {
  /** The board type, for styles and tests (`data-board-type`). */
  readonly boardType: string;
  readonly children: ReactNode;
  /** Below the content: legend, page indicator, summary. */
  readonly footer?: ReactNode;
}

/**
 * What every board shares: a header with the board's name, the clock and date
 * in the site's time zone and the connection indicator; the content, dimmed with
 * 'Reconnecting — data as of HH:MM' while not live; a slow burn-in shift.
 * The layout fills the viewport exactly; screens page their content, never scroll.
 */
export function BoardLayout({ boardType, children, footer }: BoardLayoutProps) {
  const config = useBoardConfig();
  const status = useContentStatus();
  const { locale } = useIntl();
  const [x, y] = useBurnInShift();
  const timeZone = config?.department.site.default_timezone ?? 'UTC';
  const live = status.live;
  return (
    <div
      className="board"
      data-board-type={boardType}
      data-live={live}
      style={{ transform: `translate(${x}px, ${y}px)` }}
    >
      <header className="board-header">
        <h1 className="board-title">{config?.name}</h1>
        <div className="board-header-side">
          <ConnectionIndicator state={live ? 'live' : status.loaded ? 'offline' : 'connecting'} />
          <Clock locale={locale} timeZone={timeZone} />
        </div>
      </header>
      {!live && status.loaded ? (
        <StaleNotice dataAsOf={status.dataAsOf} locale={locale} timeZone={timeZone} />
      ) : null}
      <main className="board-body" aria-busy={!status.loaded}>
        {children}
      </main>
      {footer ? <footer className="board-footer">{footer}</footer> : null}
    </div>
  );
}
