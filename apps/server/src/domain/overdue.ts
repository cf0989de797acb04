/**
 * A visit is overdue once its time in phase passes the phase's estimated duration
 * (strictly: exactly on time is not overdue). A phase without an estimate never is (decision SCR-08).
 */
export function isOverdue(timeInPhaseSec: number, estimatedDurationSec: number | null): boolean {
  return estimatedDurationSec !== null && timeInPhaseSec > estimatedDurationSec;
}
