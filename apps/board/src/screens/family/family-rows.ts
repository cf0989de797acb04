import type { FamilyBoardRow, FamilyPhaseRow, FamilyVisitRow } from '@careboard/contracts';
import { type PhaseShapeName, shapeAt } from './phase-shapes.ts';

/** A phase as the family board shows it: its name, its color and the shape that repeats the color. */
export interface LegendEntry {
  readonly phase_id: number;
  readonly name: string;
  readonly color: string;
  readonly shape: PhaseShapeName;
  /** Place in the legend (0-based): the order of phases on the board. */
  readonly rank: number;
}

export interface Legend {
  readonly entries: readonly LegendEntry[];
  readonly byPhase: ReadonlyMap<number, LegendEntry>;
}

export function isVisitRow(row: FamilyBoardRow): row is FamilyVisitRow {
  return row.type === 'visit';
}

export function isPhaseRow(row: FamilyBoardRow): row is FamilyPhaseRow {
  return row.type === 'phase';
}

/** Phases in board order: by position, then id (two workflows on one board share positions). */
function byPosition(a: FamilyPhaseRow, b: FamilyPhaseRow): number {
  return a.position - b.position || a.phase_id - b.phase_id;
}

/**
 * The legend: each phase in board order with a shape chosen by its place, so
 * that the status is never told by color alone and neighbours never share a shape.
 */
export function buildLegend(phases: readonly FamilyPhaseRow[]): Legend {
  const entries = [...phases].sort(byPosition).map(
    (phase, rank): LegendEntry => ({
      phase_id: phase.phase_id,
      name: phase.name,
      color: phase.color,
      shape: shapeAt(rank),
      rank,
    }),
  );
  return { entries, byPhase: new Map(entries.map((entry) => [entry.phase_id, entry])) };
}

/**
 * The visits' keys in board order: by phase (legend order; a phase the legend
 * lacks goes last), then longest in status first, then by key so the order is
 * stable between frames.
 */
export function orderVisitKeys(rows: readonly FamilyBoardRow[]): string[] {
  const phases = rows.filter(isPhaseRow);
  const rank = new Map(buildLegend(phases).entries.map((entry) => [entry.phase_id, entry.rank]));
  const visits = rows.filter(isVisitRow).map((visit) => ({
    key: visit.key,
    rank: rank.get(visit.phase_id) ?? Number.MAX_SAFE_INTEGER,
    since: Date.parse(visit.status_since) || 0,
  }));
  visits.sort((a, b) => a.rank - b.rank || a.since - b.since || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return visits.map((visit) => visit.key);
}
