/**
 * Whole seconds a visit has spent in its current phase. A clock that runs slightly
 * behind the database (another server node) never shows a negative time.
 */
export function timeInPhaseSec(phaseEnteredAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - phaseEnteredAt.getTime()) / 1000));
}
