/**
 * The kinds of phases, locations and tags (the specification says lists exist but not what is
 * in them). Stored as text, so a new kind needs no migration; the server accepts only these and
 * the console offers them (decision CON-63).
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

/** What a tag is worn by or fixed to (decision BOF-03). */
export const tagKinds = Object.freeze(['patient_badge', 'staff_badge', 'asset_tag'] as const);

export type TagKind = (typeof tagKinds)[number];
