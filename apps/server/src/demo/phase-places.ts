/**
 * Where a patient goes in each kind of phase, for the demo seed and the simulator:
 * entering a phase of a "called" kind calls the patient to a station at a location
 * of the paired kind; other phases place the patient at a location of their kind.
 */
export const CALLED_TO_BY_PHASE_KIND: Readonly<Record<string, string>> = Object.freeze({
  arrival: 'registration',
  assessment: 'triage',
  examination: 'exam_room',
  preparation: 'pre_op',
  discharge: 'registration',
});

export const PLACED_AT_BY_PHASE_KIND: Readonly<Record<string, string>> = Object.freeze({
  waiting: 'waiting_room',
  procedure: 'operating_room',
  recovery: 'recovery',
});

export interface Place {
  readonly kind: 'station' | 'location';
  /** The location kind to look for. */
  readonly locationKind: string;
}

export function placeForPhaseKind(phaseKind: string): Place | undefined {
  const calledTo = CALLED_TO_BY_PHASE_KIND[phaseKind];
  if (calledTo) return { kind: 'station', locationKind: calledTo };
  const placedAt = PLACED_AT_BY_PHASE_KIND[phaseKind];
  return placedAt ? { kind: 'location', locationKind: placedAt } : undefined;
}
