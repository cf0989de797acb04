import { rowsPerPage } from '../../board/paging/pages.ts';

export interface FamilyHeights {
  /** The height left for patient rows under the column headings (CSS px). */
  readonly rowsArea: number;
  /** One row's height; the column headings have the same height (CSS px). */
  readonly rowHeight: number;
}

/**
 * Heights are measured in whole pixels while rows are laid out in fractions
 * of one: each row is counted a pixel taller so that the rounding never adds
 * up to a clipped last row.
 */
const ROUNDING_ALLOWANCE_PX = 1;

/**
 * Patient rows per page. Until the layout is measured (the first frame; jsdom)
 * every row goes on one page: the board clips rather than scrolls, and the
 * measurement that follows at once splits the rows into pages.
 */
export function familyPageSize(total: number, { rowsArea, rowHeight }: FamilyHeights): number {
  if (!(rowsArea > 0) || !(rowHeight > 0)) return Math.max(1, total);
  return rowsPerPage(rowsArea, rowHeight + ROUNDING_ALLOWANCE_PX);
}
