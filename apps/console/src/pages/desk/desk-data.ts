import type { DisplayBoardConfig, Location, Phase, Station, Tag, Visit } from '@careboard/contracts';

/** What the Desk needs of a board or a location: its id and name. */
export type Named = Pick<DisplayBoardConfig | Location, 'id' | 'name'>;

/** A patient badge as GET /api/tags?kind=patient_badge lists it: the tag and the badge it sits in (BOF-16). */
export type BadgeTag = Pick<Tag, 'id' | 'label' | 'badge_id' | 'in_use' | 'battery_low'>;

export interface PhaseGroup {
  readonly phase: Phase;
  readonly visits: readonly Visit[];
}

/**
 * The workflow's visits under its phases in workflow order, longest in the phase first within
 * each (decision CON-54: who has waited longest is who the desk calls next). Empty phases stay, so
 * the list keeps its shape; a visit in a phase not listed (a phase just removed) is left out.
 */
export function visitsByPhase(phases: readonly Phase[], visits: readonly Visit[]): PhaseGroup[] {
  return [...phases]
    .sort((a, b) => a.position - b.position)
    .map((phase) => ({
      phase,
      visits: visits
        .filter((visit) => visit.phase_id === phase.id)
        .sort((a, b) => a.phase_entered_at.localeCompare(b.phase_entered_at) || a.id - b.id),
    }));
}

export interface StationGroup {
  readonly location: Named | null;
  readonly stations: readonly Station[];
}

/** Stations under their locations by name, so a row of call buttons reads as the building does. */
export function stationsByLocation(
  stations: readonly Station[],
  locations: readonly Named[],
): StationGroup[] {
  const byId = new Map(locations.map((location) => [location.id, location]));
  const groups = new Map<number, Station[]>();
  for (const station of stations)
    groups.set(station.location_id, [...(groups.get(station.location_id) ?? []), station]);
  return [...groups.entries()]
    .map(([locationId, list]) => ({
      location: byId.get(locationId) ?? null,
      stations: [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true })),
    }))
    .sort((a, b) => (a.location?.name ?? '').localeCompare(b.location?.name ?? ''));
}

/** Whole minutes since `iso`, never negative (a clock a little behind the server's). */
export function minutesSince(iso: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
}

/**
 * The label of what a visit wears as the badge select names it: its tag's label (decision CON-55),
 * else the visit's own badge label (a tag this page has not read).
 */
export function badgeLabelOf(visit: Visit, badges: readonly BadgeTag[]): string | null {
  if (visit.badge_id === null) return null;
  return badges.find((badge) => badge.badge_id === visit.badge_id)?.label ?? visit.badge_label;
}
