/**
 * The display board id from the `id` query parameter: a positive integer, or
 * null when it is missing or is not one ('Missing ID in url.'). Here because the
 * screen's address says which board it is, as its host name says which customer
 * (boot-runtime.ts): sign-in (auth/) and the board (board/) both read it.
 */
export function readBoardId(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
