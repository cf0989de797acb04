import type { ParRow } from '@careboard/contracts';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useBoardRows } from '../../board/content/board-content-context.ts';
import { summarizePar } from './par-order.ts';

/** "2 locations below PAR · 3 locations above PAR · 10 levels within PAR": a small view of every row. */
export function ParSummary() {
  const rows = useBoardRows<ParRow>();
  const counts = useMemo(() => summarizePar(rows), [rows]);
  return (
    <p className="par-summary" data-testid="par-summary">
      <span className="par-summary-part" data-status="below">
        <FormattedMessage id="assets.summary.below" values={{ count: counts.locationsBelow }} />
      </span>
      <span className="par-summary-part" data-status="above">
        <FormattedMessage id="assets.summary.above" values={{ count: counts.locationsAbove }} />
      </span>
      <span className="par-summary-part" data-status="within">
        <FormattedMessage id="assets.summary.within" values={{ count: counts.levelsWithin }} />
      </span>
    </p>
  );
}
