/** The devices held, by customer, in parts of at most `size` devices (a customer's may span two). */
export function inParts(
  held: ReadonlyMap<string, readonly number[]>,
  size: number,
): Map<string, readonly number[]>[] {
  const parts: Map<string, readonly number[]>[] = [];
  let part = new Map<string, readonly number[]>();
  let count = 0;
  for (const [customerId, ids] of held) {
    for (let at = 0; at < ids.length; ) {
      const take = ids.slice(at, at + size - count);
      part.set(customerId, take);
      count += take.length;
      at += take.length;
      if (count === size) {
        parts.push(part);
        part = new Map();
        count = 0;
      }
    }
  }
  if (count > 0) parts.push(part);
  return parts;
}
