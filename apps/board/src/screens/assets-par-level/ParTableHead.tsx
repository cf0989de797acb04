import type { Ref } from 'react';
import { FormattedMessage } from 'react-intl';

/** The column labels; one row high, so its measured height is the row height paging counts with. */
export function ParTableHead({ ref }: { readonly ref: Ref<HTMLTableRowElement> }) {
  return (
    <tr className="par-row par-head" ref={ref}>
      <th className="par-cell" scope="col">
        <FormattedMessage id="assets.column.state" />
      </th>
      <th className="par-cell" scope="col">
        <FormattedMessage id="assets.column.location" />
      </th>
      <th className="par-cell" scope="col">
        <FormattedMessage id="assets.column.assetType" />
      </th>
      <th className="par-cell par-cell-count" scope="col">
        <FormattedMessage id="assets.column.count" />
      </th>
      <th className="par-cell par-cell-range" scope="col">
        <FormattedMessage id="assets.column.par" />
      </th>
    </tr>
  );
}
