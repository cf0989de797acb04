import { type ReactNode, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useBoardContentStore } from '../content/board-content-context.ts';
import { useBoardConfig } from '../use-display-board.ts';
import { BoardHeader } from './BoardHeader.tsx';
import type { ConnectionState } from './ConnectionIndicator.tsx';
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
  const connection = useConnectionState();
  const dataAsOf = useDataAsOf();
  const { locale } = useIntl();
  const [x, y] = useBurnInShift();
  const timeZone = config?.department.site.default_timezone ?? 'UTC';
  const live = connection === 'live';
  return (
    <div
      className="board"
      data-board-type={boardType}
      data-live={live}
      style={{ transform: `translate(${x}px, ${y}px)` }}
    >
      <BoardHeader name={config?.name ?? ''} connection={connection} locale={locale} timeZone={timeZone} />
      {connection === 'offline' ? (
        <StaleNotice dataAsOf={dataAsOf} locale={locale} timeZone={timeZone} />
      ) : null}
      <main className="board-body" aria-busy={connection === 'connecting'}>
        {children}
      </main>
      {footer ? <footer className="board-footer">{footer}</footer> : null}
    </div>
  );
}

/** Connecting (no data yet), live, or offline (keeping the last data); a string, so frames do not re-render. */
function useConnectionState(): ConnectionState {
  const store = useBoardContentStore();
  return useSyncExternalStore(store.subscribeStatus, () => {
    const status = store.getStatus();
    return status.live ? 'live' : status.loaded ? 'offline' : 'connecting';
  });
}

function useDataAsOf(): number | null {
  const store = useBoardContentStore();
  return useSyncExternalStore(store.subscribeStatus, () => store.getStatus().dataAsOf);
}
