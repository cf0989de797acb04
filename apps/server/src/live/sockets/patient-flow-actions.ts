import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { type AdmitVisitInput, admitVisit } from '../../services/admit-visit.ts';
import { type CompleteVisitInput, completeVisit } from '../../services/complete-visit.ts';
import { setVisitBadge } from '../../services/equipment/set-visit-badge.ts';
import { type MoveVisitToPhaseInput, moveVisitToPhase } from '../../services/move-visit-to-phase.ts';
import { parseInput } from '../../services/parse-input.ts';
import { idSchema } from '../../services/schema-parts.ts';
import type { Db } from '../../store/database.ts';
import type { ActionHandler } from './socket-gateway.ts';
import { withoutCorrelation } from './without-correlation.ts';

type PatientFlowAction = 'patient.admit' | 'patient.move' | 'patient.complete' | 'patient.badge';

/**
 * `patient.badge` names the badge (or tag) flat beside the visit, where PUT /visits/:id/badge
 * has it as the whole body: exactly one of the two, null taking it off (decision CON-12).
 */
const patientBadgeInput = z.strictObject({
  visit_id: idSchema,
  badge_id: idSchema.nullable().optional(),
  tag_id: idSchema.nullable().optional(),
});

/**
 * The desk's writes to patient flow: the socket twins of POST /visits,
 * /visits/:id/phase, /visits/:id/complete and PUT /visits/:id/badge, through the same
 * services, so each is one transaction under the same rules and the boards hear of it
 * through the change log (decision CON-10).
 */
export function patientFlowActions(db: Db): { readonly [A in PatientFlowAction]: ActionHandler<A> } {
  return {
    'patient.admit': async (request, { customerId }) => {
      // Untrusted until the service parses it against its strict schema (POST /visits's body).
      const visit = await admitVisit(db, customerId, withoutCorrelation(request) as AdmitVisitInput);
      return { visit_id: visit.id, family_code: visit.family_code };
    },
    'patient.move': async (request, { customerId }) => {
      const input = withoutCorrelation(request) as MoveVisitToPhaseInput;
      const visit = await moveVisitToPhase(db, customerId, input);
      return {
        visit_id: visit.id,
        phase_id: visit.phase_id,
        phase_entered_at: visit.phase_entered_at.toISOString(),
      };
    },
    'patient.complete': async (request, { customerId }) => {
      const input = withoutCorrelation(request) as CompleteVisitInput;
      const visit = await completeVisit(db, customerId, input);
      return { visit_id: visit.id, completed_at: completedAt(visit.completed_at) };
    },
    'patient.badge': async (request, { customerId }) => {
      const { visit_id, badge_id, tag_id } = parseInput(patientBadgeInput, withoutCorrelation(request));
      if (badge_id !== undefined && tag_id !== undefined) {
        throw new AppError('IS_NOT_VALID', { field: 'tag_id' });
      }
      if (badge_id === undefined && tag_id === undefined) {
        throw new AppError('IS_REQUIRED', { field: 'badge_id' });
      }
      const wear = badge_id !== undefined ? { badge_id } : { tag_id: tag_id ?? null };
      const visit = await setVisitBadge(db, customerId, { visit_id, wear });
      return { visit_id: visit.id, badge_id: visit.badge_id, tag_id: visit.tag_id };
    },
  };
}

/** The service answers the visit as completed (now or before), so it has its time. */
function completedAt(at: Date | null): string {
  if (!at) throw new Error('A completed visit has no completed_at.');
  return at.toISOString();
}
