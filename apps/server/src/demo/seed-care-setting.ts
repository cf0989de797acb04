import type { Db } from '../store/database.ts';
import { insertLocations, type Location } from '../store/repositories/locations.ts';
import { type Department, insertDepartment, insertSite, type Site } from '../store/repositories/sites.ts';
import { insertStaff, type StaffMember } from '../store/repositories/staff.ts';
import { insertStations, type Station } from '../store/repositories/stations.ts';
import { type Badge, insertBadges, insertTags } from '../store/repositories/tags.ts';
import { insertPhases, insertWorkflow, type Phase, type Workflow } from '../store/repositories/workflows.ts';
import {
  DEMO_DEPARTMENTS,
  DEMO_LOCATIONS,
  DEMO_SITE,
  DEMO_STAFF,
  DEMO_STATIONS,
  DEMO_WORKFLOWS,
} from './demo-data.ts';

export interface CareSetting {
  readonly site: Site;
  readonly departments: readonly Department[];
  readonly workflows: readonly { workflow: Workflow; phases: readonly Phase[] }[];
  readonly locations: readonly Location[];
  readonly stations: readonly Station[];
  readonly staff: readonly StaffMember[];
  /** Patient badges, each with its own tag; a few tags have a low battery. */
  readonly patientBadges: readonly (Badge & { battery_low: boolean })[];
}

const PATIENT_BADGES = 80;
/** Every 25th patient tag reports a low battery, so the TAG_HAS_LOW_BATTERY rule has cases. */
const LOW_BATTERY_EVERY = 25;

/**
 * The site, its departments, workflows with phases, places, staff and badges. No RTLS feed
 * reports the demo's tags, so they are never seen and never non-reporting (decision BOF-19):
 * a tag "seen" at seed time would go silent ten minutes later and the simulator's badges with it.
 */
export async function seedCareSetting(db: Db, customerId: string, _now: Date): Promise<CareSetting> {
  const site = await insertSite(db, customerId, DEMO_SITE);
  const departments: Department[] = [];
  for (const name of DEMO_DEPARTMENTS)
    departments.push(await insertDepartment(db, customerId, { site_id: site.id, name }));

  const workflows: { workflow: Workflow; phases: Phase[] }[] = [];
  for (const demo of DEMO_WORKFLOWS) {
    const department = departments[demo.department];
    if (!department) throw new Error(`The demo workflow ${demo.name} names no department.`);
    const workflow = await insertWorkflow(db, customerId, { department_id: department.id, name: demo.name });
    const phases = await insertPhases(
      db,
      customerId,
      demo.phases.map((phase, position) => ({
        workflow_id: workflow.id,
        name: phase.name,
        position,
        color: phase.color,
        estimated_duration_sec: phase.minutes * 60,
        kind: phase.kind,
        supplementary_announcement: phase.supplementary_announcement ?? null,
      })),
    );
    workflows.push({ workflow, phases });
  }

  const locations = await insertLocations(db, customerId, DEMO_LOCATIONS);
  const locationId = (name: string) => locations.find((location) => location.name === name)?.id ?? 0;
  const stations = await insertStations(
    db,
    customerId,
    DEMO_STATIONS.map(([name, location]) => ({ name, location_id: locationId(location) })),
  );

  const staffTags = await insertTags(
    db,
    customerId,
    // A tag and the badge it sits in carry one label (BOF-16): what the board shows is what the console lists.
    DEMO_STAFF.map((_, i) => ({
      label: `S-${String(i + 1).padStart(2, '0')}`,
      kind: 'staff_badge' as const,
    })),
  );
  const staffBadges = await insertBadges(
    db,
    customerId,
    staffTags.map((tag) => ({ label: tag.label, tag_id: tag.id })),
  );
  const staff = await insertStaff(
    db,
    customerId,
    DEMO_STAFF.map(([display_name, staff_type_id], i) => ({
      display_name,
      staff_type_id,
      badge_id: staffBadges[i]?.id ?? null,
    })),
  );

  const patientTags = await insertTags(
    db,
    customerId,
    Array.from({ length: PATIENT_BADGES }, (_, i) => ({
      label: `B-${100 + i + 1}`,
      battery_low: (i + 1) % LOW_BATTERY_EVERY === 0,
      kind: 'patient_badge' as const,
    })),
  );
  const badges = await insertBadges(
    db,
    customerId,
    patientTags.map((tag) => ({ label: tag.label, tag_id: tag.id })),
  );
  const patientBadges = badges.map((badge, i) => ({
    ...badge,
    battery_low: patientTags[i]?.battery_low ?? false,
  }));
  return { site, departments, workflows, locations, stations, staff, patientBadges };
}
