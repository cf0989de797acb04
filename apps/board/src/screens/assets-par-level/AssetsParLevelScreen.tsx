import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { BoardLayout } from '../../board/chrome/BoardLayout.tsx';
import { PageIndicator } from '../../board/paging/PageIndicator.tsx';
import { pageCount, pageOf } from '../../board/paging/pages.ts';
import { useElementHeight } from '../../board/paging/use-element-height.ts';
import { usePageRotation } from '../../board/paging/use-page-rotation.ts';
import { useBoardConfig } from '../../board/use-display-board.ts';
import { LastChange } from './LastChange.tsx';
import { ParEmpty } from './ParEmpty.tsx';
import { ParSummary } from './ParSummary.tsx';
import { ParTableHead } from './ParTableHead.tsx';
import { ParTableRow } from './ParTableRow.tsx';
import { parRowsPerPage } from './par-paging.ts';
import { useParOrder } from './use-par-order.ts';
import './assets-par-level.css';

/** Used until the board config says otherwise (it always does once the route renders). */
const DEFAULT_ROTATION_SEC = 15;

/**
 * Assets PAR-level board (type 4, materials management): each asset type's
 * count at each location against its PAR min / max, shortages first, a summary
 * line and the time of the last change. Rows that do not fit are paged.
 * This component re-renders only when the order or the page changes; each row
 * follows its own data (ParTableRow).
 */
export function AssetsParLevelScreen() {
  const config = useBoardConfig();
  const intl = useIntl();
  const keys = useParOrder();
  const areaRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableRowElement>(null);
  const perPage = parRowsPerPage(useElementHeight(areaRef), useElementHeight(headRef), keys.length);
  const pages = pageCount(keys.length, perPage);
  const index = usePageRotation(pages, config?.page_rotation_sec ?? DEFAULT_ROTATION_SEC);
  const visible = pageOf(keys, perPage, index);

  return (
    <BoardLayout
      boardType="assets-par-level"
      footer={
        <>
          <LastChange />
          <PageIndicator index={index} count={pages} />
        </>
      }
    >
      <div className="par-screen">
        <ParSummary />
        <div className="par-area" ref={areaRef}>
          <table className="par-table" aria-label={intl.formatMessage({ id: 'assets.table' })}>
            <thead>
              <ParTableHead ref={headRef} />
            </thead>
            <tbody>
              {visible.map((key) => (
                <ParTableRow key={key} rowKey={key} />
              ))}
            </tbody>
          </table>
          {keys.length === 0 ? <ParEmpty /> : null}
        </div>
      </div>
    </BoardLayout>
  );
}
