/**
 * A rule's place as one select value (decision FEED-44): `kind:exam_room` for any location of a
 * kind, `location:12` for one location. One control, so a rule can never name both or neither.
 */
export function placeValue(rule: {
  readonly location_kind: string | null;
  readonly location_id: number | null;
}): string {
  return rule.location_id !== null ? `location:${rule.location_id}` : `kind:${rule.location_kind ?? ''}`;
}

/** The request's two place fields from the select's value: the one named, the other null. */
export function placeBody(value: string): { location_kind: string | null; location_id: number | null } {
  const [type, rest = ''] = value.split(/:(.*)/s);
  if (type === 'location') return { location_kind: null, location_id: Number(rest) };
  return { location_kind: rest, location_id: null };
}
