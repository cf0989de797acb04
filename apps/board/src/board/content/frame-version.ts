/**
 * Frame versions are `<change log version>.<n>` (decision LIVE-06) and only grow.
 * Compared part by part as numbers: "10.0" is newer than "9.3".
 */
export function compareVersions(a: string, b: string): number {
  const [aLog = 0n, aTick = 0n] = a.split('.').map(toBigInt);
  const [bLog = 0n, bTick = 0n] = b.split('.').map(toBigInt);
  if (aLog !== bLog) return aLog < bLog ? -1 : 1;
  if (aTick !== bTick) return aTick < bTick ? -1 : 1;
  return 0;
}

function toBigInt(part: string): bigint {
  return /^\d+$/.test(part) ? BigInt(part) : 0n;
}
