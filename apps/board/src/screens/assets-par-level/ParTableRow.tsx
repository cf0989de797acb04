import type { ParRow } from '@careboard/contracts';
import { memo } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { useBoardRow } from '../../board/content/board-content-context.ts';
import { ParStateMark } from './ParStateMark.tsx';

/**
 * One location's level of one asset type. Reads its own row from the store and
 * is memoized on its key: a change to this row re-renders this row only.
 */
export const ParTableRow = memo(function ParTableRow({ rowKey }: { readonly rowKey: string }) {
  const row = useBoardRow<ParRow>(rowKey);
  if (!row) return null;
  return (
    <tr className="par-row" data-key={row.key} data-status={row.status}>
      <td className="par-cell par-cell-state">
        <ParStateMark row={row} />
      </td>
      <td className="par-cell par-cell-location">{row.location_name}</td>
      <td className="par-cell par-cell-type">{row.asset_type_name}</td>
      <td className="par-cell par-cell-count">
        <FormattedNumber value={row.count} />
      </td>
      <td className="par-cell par-cell-range">
        <FormattedMessage id="assets.range" values={{ min: row.min, max: row.max }} />
      </td>
    </tr>
  );
});
