import { rowsPerPage } from '../../board/paging/pages.ts';

/**
 * Rows per page in a table area of `areaHeight` whose column header is one row
 * of `rowHeight`. Before the first measurement (or where there is no layout, as
 * in jsdom) every row goes on one page: the area clips, and a measurement follows
 * at once, so the board never flashes 'Page 1 of 15'. Each row is counted one
 * pixel taller than measured: heights are read rounded, and a fraction of a
 * pixel per row must not push the last row out of the area.
 */
export function parRowsPerPage(areaHeight: number, rowHeight: number, total: number): number {
  if (!(areaHeight > 0) || !(rowHeight > 0)) return Math.max(1, total);
  return rowsPerPage(areaHeight - rowHeight, rowHeight + 1);
}
