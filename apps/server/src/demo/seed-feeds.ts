import { sql } from 'kysely';
import type { Db } from '../store/database.ts';
import { CALLED_TO_BY_PHASE_KIND, PLACED_AT_BY_PHASE_KIND } from './phase-places.ts';
import type { CareSetting } from './seed-care-setting.ts';

/** What the demo's points of care are called in its (simulated) EHR, by workflow position. */
export const DEMO_POINTS_OF_CARE = ['SURG', 'CLINIC'] as const;

/** Where the demo's facility takes ADT from: this machine (IPv4 and IPv6 loopback). */
export const DEMO_SENDER_ADDRESSES = Object.freeze(['127.0.0.0/8', '::1/128']);

/** The demo's sensor in a location: one per location, named for it (decision FEED-05). */
export function demoSensorIdentifier(locationId: number): string {
  return `RTLS-${String(locationId).padStart(3, '0')}`;
}

/**
 * What the feeds need to carry the demo (decision FEED-04): a sensor in every location; per
 * workflow, a rule for each phase whose place is a location kind no other phase of the workflow
 * shares (a badge entering Pre-op Bay moves the visit to Pre-op), plus the discharge phase at the
 * registration desk (a badge returns there only to leave); each workflow a point of care for
 * ADT; the customer's id as its receiving facility, taking any sender from loopback; and the
 * workflow demo board 1 shows as the default ADT workflow.
 */
export async function seedFeeds(db: Db, customerId: string, setting: CareSetting): Promise<void> {
  await db
    .insertInto('sensors')
    .values(
      setting.locations.map((location) => ({
        customer_id: customerId,
        identifier: demoSensorIdentifier(location.id),
        name: `${location.name} sensor`,
        location_id: location.id,
      })),
    )
    .execute();
  const rules = setting.workflows.flatMap(({ workflow, phases }) => {
    const kinds = phases.map((phase) => placeKind(phase.kind));
    return phases.flatMap((phase, i) => {
      const kind = kinds[i];
      if (!kind) return [];
      const shared = kinds.filter((k) => k === kind).length > 1;
      // A kind two phases share (the registration desk: arrival and discharge) moves to the later one.
      if (shared && kinds.lastIndexOf(kind) !== i) return [];
      return [{ customer_id: customerId, workflow_id: workflow.id, location_kind: kind, phase_id: phase.id }];
    });
  });
  if (rules.length > 0) await db.insertInto('feed_rules').values(rules).execute();
  await db
    .insertInto('adt_points_of_care')
    .values(
      setting.workflows.flatMap(({ workflow }, i) => {
        const pointOfCare = DEMO_POINTS_OF_CARE[i];
        return pointOfCare
          ? [
              {
                customer_id: customerId,
                point_of_care: pointOfCare,
                workflow_id: workflow.id,
                phase_id: null,
              },
            ]
          : [];
      }),
    )
    .execute();
  // The visits already in progress came from the EHR too: later ADT (A03) finds them by number.
  await db
    .updateTable('visits')
    .set({ external_id: sql<string>`'DEMO-SEED-' || family_code` })
    .where('customer_id', '=', customerId)
    .where('completed_at', 'is', null)
    .execute();
  // Decision FEED-53: MSH-6 names a customer only through a mapping that lists the sender; the
  // demo's is its id, open to any sender on this machine, so a trial takes ADT from a laptop's
  // own tools (and the simulator) with nothing to set up.
  await db.insertInto('adt_facilities').values({ facility: customerId, customer_id: customerId }).execute();
  await db
    .insertInto('adt_senders')
    .values({
      customer_id: customerId,
      facility: customerId,
      sending_application: null,
      sending_facility: null,
      addresses: [...DEMO_SENDER_ADDRESSES],
    })
    .execute();
  const [first] = setting.workflows;
  if (first) {
    await db
      .updateTable('customers')
      .set({ adt_workflow_id: first.workflow.id })
      .where('id', '=', customerId)
      .execute();
  }
}

function placeKind(phaseKind: string): string | undefined {
  return CALLED_TO_BY_PHASE_KIND[phaseKind] ?? PLACED_AT_BY_PHASE_KIND[phaseKind];
}
