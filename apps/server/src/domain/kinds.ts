/**
 * The kinds of phases and locations (the specification says lists exist but not
 * what is in them). Stored as text, so a new kind needs no migration; services
 * that create phases or locations should accept only these.
 */
export const phaseKinds = Object.freeze([
  'arrival',
  'waiting',
  'assessment',
  'examination',
  'preparation',
  'procedure',
  'recovery',
  'discharge',
] as const);

export type PhaseKind = (typeof phaseKinds)[number];

export const locationKinds = Object.freeze([
  'waiting_room',
  'registration',
  'triage',
  'exam_room',
  'pre_op',
  'operating_room',
  'recovery',
  'storage',
  'hallway',
  'lab',
] as const);

export type LocationKind = (typeof locationKinds)[number];
