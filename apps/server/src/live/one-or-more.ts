/**
 * One value, or a set once there are several: what a screen's device keeps per connection (its
 * connection's closer, its board watch, its device listener) is nearly always one, and an empty
 * `Set` costs about 190 bytes of heap per screen where a reference costs 8 (LIVE-31).
 * Values must not be sets themselves.
 */
export type OneOrMore<T> = T | Set<T>;

/** With `value` added. */
export function withOne<T>(held: OneOrMore<T> | undefined, value: T): OneOrMore<T> {
  if (held === undefined) return value;
  if (held instanceof Set) return held.add(value);
  return held === value ? held : new Set([held, value]);
}

/** Without `value`; undefined once none is left. */
export function withoutOne<T>(held: OneOrMore<T> | undefined, value: T): OneOrMore<T> | undefined {
  if (!(held instanceof Set)) return held === value ? undefined : held;
  held.delete(value);
  if (held.size > 1) return held;
  return held.size === 1 ? (held.values().next().value as T) : undefined;
}

/** Each value, in a copy: calling one may remove it (or another). */
export function eachOf<T>(held: OneOrMore<T> | undefined): readonly T[] {
  if (held === undefined) return [];
  return held instanceof Set ? [...held] : [held];
}
