import type { Db } from '../database.ts';

/** What a feed's sender knows of a customer: its sensors, tags, rules and EHR mappings. */
export interface FeedWorld {
  /** A sensor identifier in each location that has one. */
  readonly sensorByLocation: ReadonlyMap<number, string>;
  /** Tag labels by tag id. */
  readonly tagLabels: ReadonlyMap<number, string>;
  /** Per workflow, the phase a badge entering a location of a kind moves a visit to. */
  readonly ruleByKind: ReadonlyMap<number, ReadonlyMap<string, number>>;
  /** Per workflow, its ADT point of care. */
  readonly pointOfCareByWorkflow: ReadonlyMap<number, string>;
  /** The EHR's visit number of each visit in progress that has one. */
  readonly externalIds: ReadonlyMap<number, string>;
  /** Staff badges' tag ids. */
  readonly staffTagIds: readonly number[];
}

/** Reads it in one round of queries (the demo simulator's world, per step). */
export async function loadFeedWorld(db: Db, customerId: string): Promise<FeedWorld> {
  const [sensors, tags, rules, points, visits, staffTags] = await Promise.all([
    db
      .selectFrom('sensors')
      .select(['location_id', 'identifier'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    db.selectFrom('tags').select(['id', 'label']).where('customer_id', '=', customerId).execute(),
    db
      .selectFrom('feed_rules')
      .select(['workflow_id', 'location_kind', 'phase_id'])
      .where('customer_id', '=', customerId)
      .where('location_kind', 'is not', null)
      .execute(),
    db
      .selectFrom('adt_points_of_care')
      .select(['workflow_id', 'point_of_care'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('visits')
      .select(['id', 'external_id'])
      .where('customer_id', '=', customerId)
      .where('completed_at', 'is', null)
      .where('external_id', 'is not', null)
      .execute(),
    db
      .selectFrom('staff as s')
      .innerJoin('badges as b', (join) =>
        join.onRef('b.customer_id', '=', 's.customer_id').onRef('b.id', '=', 's.badge_id'),
      )
      .select('b.tag_id')
      .where('s.customer_id', '=', customerId)
      .where('b.tag_id', 'is not', null)
      .orderBy('s.id')
      .execute(),
  ]);
  const sensorByLocation = new Map<number, string>();
  for (const sensor of sensors)
    if (!sensorByLocation.has(sensor.location_id))
      sensorByLocation.set(sensor.location_id, sensor.identifier);
  const ruleByKind = new Map<number, Map<string, number>>();
  for (const rule of rules) {
    const kinds = ruleByKind.get(rule.workflow_id) ?? new Map<string, number>();
    if (rule.location_kind) kinds.set(rule.location_kind, rule.phase_id);
    ruleByKind.set(rule.workflow_id, kinds);
  }
  const pointOfCareByWorkflow = new Map<number, string>();
  for (const point of points)
    if (point.point_of_care !== null && !pointOfCareByWorkflow.has(point.workflow_id))
      pointOfCareByWorkflow.set(point.workflow_id, point.point_of_care);
  return {
    sensorByLocation,
    tagLabels: new Map(tags.map((tag) => [tag.id, tag.label])),
    ruleByKind,
    pointOfCareByWorkflow,
    externalIds: new Map(visits.map((visit) => [visit.id, visit.external_id ?? ''])),
    staffTagIds: staffTags.map((row) => row.tag_id).filter((id): id is number => id !== null),
  };
}
