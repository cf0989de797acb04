import { useRef } from 'react';
import { pageCount, pageOf } from '../../board/paging/pages.ts';
import { useElementHeight } from '../../board/paging/use-element-height.ts';
import { usePageRotation } from '../../board/paging/use-page-rotation.ts';
import { familyPageSize } from './family-paging.ts';

/**
 * The page of patient rows on screen. The screen's area and the headings row
 * are measured (both stay mounted, even with no rows, so their observers follow
 * resizes); what is left under the headings holds the rows. Pages rotate every
 * `rotationSec`.
 */
export function useFamilyPages(keys: readonly string[], rotationSec: number) {
  const areaRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLTableRowElement>(null);
  const area = useElementHeight(areaRef);
  const rowHeight = useElementHeight(headerRef);
  const perPage = familyPageSize(keys.length, { rowsArea: area - rowHeight, rowHeight });
  const count = pageCount(keys.length, perPage);
  const index = usePageRotation(count, rotationSec);
  return { areaRef, headerRef, pageKeys: pageOf(keys, perPage, index), index, count };
}
