/**
 * Same items in the same order, compared by identity: what lets a derived view
 * (an order of keys, a list of rows) keep its previous value, since unchanged
 * rows keep their identity in the content store.
 */
export function shallowEqualArrays<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
