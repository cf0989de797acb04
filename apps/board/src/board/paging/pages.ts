/** How many rows of `rowHeight` fit in `available` pixels: at least one, so a tiny screen still pages. */
export function rowsPerPage(available: number, rowHeight: number): number {
  if (!(available > 0) || !(rowHeight > 0)) return 1;
  return Math.max(1, Math.floor(available / rowHeight));
}

export function pageCount(items: number, perPage: number): number {
  return Math.max(1, Math.ceil(items / Math.max(1, perPage)));
}

/** The items of page `index` (0-based; wrapped into range when the list shrank). */
export function pageOf<T>(items: readonly T[], perPage: number, index: number): readonly T[] {
  const size = Math.max(1, perPage);
  const count = pageCount(items.length, size);
  const page = ((index % count) + count) % count;
  return items.slice(page * size, page * size + size);
}
