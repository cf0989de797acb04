import { displayName } from '../domain/display-name.ts';
import { familyCode } from '../domain/family-code.ts';
import type { Db } from '../store/database.ts';
import { insertCall } from '../store/repositories/calls.ts';
import { insertPhaseStays, type PhaseStayRow } from '../store/repositories/phase-history.ts';
import { addVisitStaff, insertVisits, type NewVisit } from '../store/repositories/visits.ts';
import type { Phase } from '../store/repositories/workflows.ts';
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES } from './demo-data.ts';
import { placeForPhaseKind } from './phase-places.ts';
import { between, pick, type Random, randomIndex } from './random.ts';
import type { CareSetting } from './seed-care-setting.ts';

const ACTIVE_PER_WORKFLOW = 20;
/** Visits that ended earlier today give the last phases an average duration too. */
const COMPLETED_PER_WORKFLOW = 5;
const MINUTE = 60_000;

interface PlannedVisit {
  readonly visit: NewVisit;
  readonly stays: readonly Omit<PhaseStayRow, 'visit_id'>[];
  readonly staffIds: readonly number[];
  readonly calledAt: Date | null;
}

/**
 * About 40 visits in progress spread over every phase (some past their estimate),
 * a few completed ones, each with its phase history, staff and, where called, a call.
 * Returns how many visits are in progress.
 */
export async function seedVisits(
  db: Db,
  customerId: string,
  setting: CareSetting,
  random: Random,
  now: Date,
): Promise<number> {
  const plan = new VisitPlanner(setting, random, now);
  const planned: PlannedVisit[] = [];
  for (const { workflow, phases } of setting.workflows) {
    for (let i = 0; i < ACTIVE_PER_WORKFLOW; i++)
      planned.push(plan.visit(workflow.id, phases, i % phases.length));
    for (let i = 0; i < COMPLETED_PER_WORKFLOW; i++)
      planned.push(plan.visit(workflow.id, phases, phases.length));
  }
  const visits = await insertVisits(
    db,
    customerId,
    planned.map((p) => p.visit),
  );
  await insertPhaseStays(
    db,
    customerId,
    visits.flatMap((visit, i) => (planned[i]?.stays ?? []).map((stay) => ({ ...stay, visit_id: visit.id }))),
  );
  await addVisitStaff(
    db,
    customerId,
    visits.flatMap((visit, i) =>
      (planned[i]?.staffIds ?? []).map((staff_id) => ({ visit_id: visit.id, staff_id })),
    ),
  );
  for (const [i, visit] of visits.entries()) {
    const calledAt = planned[i]?.calledAt;
    if (calledAt && visit.station_id !== null) {
      await insertCall(db, customerId, {
        visit_id: visit.id,
        station_id: visit.station_id,
        called_at: calledAt,
        called_by: 'demo',
      });
    }
  }
  return visits.filter((visit) => visit.completed_at === null).length;
}

class VisitPlanner {
  readonly #setting: CareSetting;
  readonly #random: Random;
  readonly #now: Date;
  readonly #codes = new Set<string>();
  readonly #badges: CareSetting['patientBadges'];
  #nextBadge = 0;

  constructor(setting: CareSetting, random: Random, now: Date) {
    this.#setting = setting;
    this.#random = random;
    this.#now = now;
    this.#badges = setting.patientBadges.filter((badge) => !badge.battery_low);
  }

  /** A visit in phase `current` of `phases`; `current === phases.length` means completed. */
  visit(workflowId: number, phases: readonly Phase[], current: number): PlannedVisit {
    const random = this.#random;
    const completed = current >= phases.length;
    const estimate = (phase: Phase | undefined) => (phase?.estimated_duration_sec ?? 600) * 1000;
    // Walk back from now: the current phase's elapsed time, then each earlier stay.
    let end = completed ? this.#now.getTime() - between(random, 10, 150) * MINUTE : this.#now.getTime();
    const completedAt = completed ? new Date(end) : null;
    const stays: Omit<PhaseStayRow, 'visit_id'>[] = [];
    for (let index = Math.min(current, phases.length - 1); index >= 0; index--) {
      const phase = phases[index];
      const isCurrent = !completed && index === current;
      // In progress: 10–150 % of the estimate (a third or so overdue); finished stays 60–140 %.
      const length = estimate(phase) * (isCurrent ? between(random, 0.1, 1.5) : between(random, 0.6, 1.4));
      const enteredAt = new Date(end - length);
      stays.unshift({
        phase_id: phase?.id ?? 0,
        entered_at: enteredAt,
        left_at: isCurrent ? null : new Date(end),
      });
      end = enteredAt.getTime();
    }
    const currentPhase = phases[Math.min(current, phases.length - 1)];
    const first = stays[0];
    const last = stays[stays.length - 1];
    if (!currentPhase || !first || !last) throw new Error('A demo workflow has no phases.');
    const place = completed ? undefined : this.#place(currentPhase.kind);
    const badge = completed ? pick(random, this.#badges) : this.#badges[this.#nextBadge++];
    const firstName = pick(random, DEMO_FIRST_NAMES) ?? 'Anna';
    const lastName = pick(random, DEMO_LAST_NAMES) ?? 'Kowalski';
    return {
      visit: {
        first_name: firstName,
        last_name: lastName,
        display_name: displayName(firstName, lastName),
        family_code: this.#familyCode(),
        tag_id: badge?.tag_id ?? null,
        badge_id: badge?.id ?? null,
        workflow_id: workflowId,
        phase_id: currentPhase.id,
        phase_entered_at: last.entered_at,
        location_id: place?.location_id ?? null,
        station_id: place?.station_id ?? null,
        arrived_at: first.entered_at,
        completed_at: completedAt,
      },
      stays,
      staffIds: completed ? [] : this.#staff(),
      calledAt: place?.station_id
        ? new Date(Math.min(last.entered_at.getTime() + MINUTE, this.#now.getTime()))
        : null,
    };
  }

  #place(phaseKind: string): { location_id: number; station_id: number | null } | undefined {
    const place = placeForPhaseKind(phaseKind);
    if (!place) return undefined;
    const locations = this.#setting.locations.filter((location) => location.kind === place.locationKind);
    if (place.kind === 'location') {
      const location = pick(this.#random, locations);
      return location ? { location_id: location.id, station_id: null } : undefined;
    }
    const ids = new Set(locations.map((location) => location.id));
    const station = pick(
      this.#random,
      this.#setting.stations.filter((s) => ids.has(s.location_id)),
    );
    return station ? { location_id: station.location_id, station_id: station.id } : undefined;
  }

  #staff(): number[] {
    const count = randomIndex(this.#random, 3);
    const ids = new Set<number>();
    for (let i = 0; i < count; i++) {
      const member = pick(this.#random, this.#setting.staff);
      if (member) ids.add(member.id);
    }
    return [...ids];
  }

  #familyCode(): string {
    for (;;) {
      const code = familyCode((n) => randomIndex(this.#random, n));
      if (!this.#codes.has(code)) {
        this.#codes.add(code);
        return code;
      }
    }
  }
}
