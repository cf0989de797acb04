import type { Db } from '../../store/database.ts';
import { updateVisit, type Visit } from '../../store/repositories/visits.ts';
import { type AdmitVisitInput, admitVisit } from '../admit-visit.ts';
import { runWrite } from '../write-transaction.ts';

/**
 * An admit from the EHR: a visit made as a person makes one (admitVisit: change log, boards),
 * that keeps the EHR's visit number so later messages find it, and its patient's identifier so
 * an admit of the same visit number for someone else is refused (FEED-62), in the same transaction.
 */
export async function admitVisitFromEhr(
  db: Db,
  customerId: string,
  input: AdmitVisitInput & { readonly external_id: string; readonly external_patient_id: string | null },
  now: Date = new Date(),
): Promise<Visit> {
  const { external_id, external_patient_id, ...admit } = input;
  return runWrite(db, async (trx) => {
    const visit = await admitVisit(trx, customerId, admit, now);
    await updateVisit(trx, customerId, visit.id, { external_id, external_patient_id });
    return visit;
  });
}
