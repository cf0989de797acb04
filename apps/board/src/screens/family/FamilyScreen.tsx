import { FormattedMessage } from 'react-intl';
import { BoardLayout } from '../../board/chrome/BoardLayout.tsx';
import { useContentStatus } from '../../board/content/board-content-context.ts';
import { PageIndicator } from '../../board/paging/PageIndicator.tsx';
import { useBoardConfig } from '../../board/use-display-board.ts';
import { FamilyLegend } from './FamilyLegend.tsx';
import { FamilyRow } from './FamilyRow.tsx';
import { useFamilyPages } from './use-family-pages.ts';
import { useFamilyLegend, useFamilyOrder } from './use-family-view.ts';
import './family.css';

/**
 * The family board (type 2, a waiting room): per patient a code (or badge
 * label), the status with its color and shape, and the time in it; a display
 * name only where the board is configured for it. Ordered by phase, then
 * longest in status first; paged, never scrolled.
 */
export function FamilyScreen() {
  const config = useBoardConfig();
  const order = useFamilyOrder();
  const legend = useFamilyLegend();
  const { areaRef, headerRef, pageKeys, index, count } = useFamilyPages(
    order,
    config?.page_rotation_sec ?? 15,
  );
  const showName = config?.show_display_name ?? false;
  return (
    <BoardLayout
      boardType="family"
      footer={
        <>
          <FamilyLegend legend={legend} />
          <PageIndicator index={index} count={count} />
        </>
      }
    >
      <div className="family" ref={areaRef}>
        <table className="family-table" data-names={showName}>
          <thead>
            <tr className="family-header" ref={headerRef}>
              <th scope="col" className="family-code">
                <FormattedMessage id={config?.show_badge ? 'family.column.badge' : 'family.column.code'} />
              </th>
              {showName ? (
                <th scope="col" className="family-name">
                  <FormattedMessage id="family.column.name" />
                </th>
              ) : null}
              <th scope="col" className="family-status">
                <FormattedMessage id="family.column.status" />
              </th>
              <th scope="col" className="family-time">
                <FormattedMessage id="family.column.timeInStatus" />
              </th>
            </tr>
          </thead>
          <tbody>
            {pageKeys.map((key) => (
              <FamilyRow key={key} rowKey={key} legend={legend} showName={showName} />
            ))}
          </tbody>
        </table>
        {order.length === 0 ? <EmptyState /> : null}
      </div>
    </BoardLayout>
  );
}

/** Said only once the first frame has come: before that, nobody waiting is not yet known. */
function EmptyState() {
  const { loaded } = useContentStatus();
  if (!loaded) return null;
  return (
    <p className="family-empty">
      <FormattedMessage id="family.empty" />
    </p>
  );
}
