import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../database.ts';
import {
  type BoardScope,
  type BoardVisit,
  boardVisitsQuery,
  endedStaysInScopeQuery,
  scopeText,
  staffOfBoardVisitsQuery,
  type VisitStaffMember,
} from './board-row-queries.ts';
import { readCompiled } from './compiled-reads.ts';

/** A stay in a phase that ended (for today's averages). */
export interface EndedStay {
  readonly phase_id: number;
  readonly entered_at: Date;
  readonly left_at: Date | null;
}

/** What a change of the patient flow alters in a scope: its active visits, their staff, and the stays ended since a moment. */
export interface ScopeFlow {
  readonly visits: BoardVisit[];
  readonly staff: VisitStaffMember[];
  readonly stays: EndedStay[];
}

/**
 * A scope's active visits, their staff and the stays ended since `since`, in one statement
 * (decision LIVE-44): the queries of `listBoardVisits`, the visits' staff and the stays ended since
 * `since`, each as a JSON array. Read apart, on three connections at once, they
 * were answered up to 10 ms apart on a busy machine (each backend waits its turn for a core), and
 * a workflow board waited for the last; one backend answers all three together.
 */
export async function readScopeFlow(
  db: Db,
  customerId: string,
  scope: BoardScope,
  since: Date,
): Promise<ScopeFlow> {
  const [row] = await readCompiled(db, `flow ${scopeText(customerId, scope)} ${since.toISOString()}`, () =>
    db.selectNoFrom([
      jsonArrayFrom(boardVisitsQuery(db, customerId, scope)).as('visits'),
      jsonArrayFrom(staffOfBoardVisitsQuery(db, customerId, scope)).as('staff'),
      jsonArrayFrom(endedStaysInScopeQuery(db, customerId, scope, since)).as('stays'),
    ]),
  );
  if (!row) return { visits: [], staff: [], stays: [] };
  // JSON has no timestamps: PostgreSQL writes them as ISO 8601 text, read back here as dates.
  return {
    visits: row.visits.map((visit) => ({ ...visit, phase_entered_at: new Date(visit.phase_entered_at) })),
    staff: row.staff,
    stays: row.stays.map((stay) => ({
      phase_id: stay.phase_id,
      entered_at: new Date(stay.entered_at),
      left_at: stay.left_at === null ? null : new Date(stay.left_at),
    })),
  };
}
