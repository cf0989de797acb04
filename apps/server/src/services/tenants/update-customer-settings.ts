import { AppError } from '../../errors/app-error.ts';
import { recordChanges } from '../../store/change-log.ts';
import {
  type CustomerSettingsRecord,
  findCustomerSettings,
  updateCustomerSettings as updateSettingsRow,
} from '../../store/customers.ts';
import type { Db } from '../../store/database.ts';
import { stripUndefined } from '../create-display-board.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { type UpdateCustomerSettingsInput, updateCustomerSettingsInput } from './customer-input.ts';

/** The caller's own customer's settings; any other id is not found, as if it did not exist (BOF-29). */
export async function readCustomerSettings(
  db: Db,
  customerId: string,
  id: string,
): Promise<CustomerSettingsRecord> {
  const settings = id === customerId ? await findCustomerSettings(db, customerId) : undefined;
  if (!settings) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Customer', id });
  return settings;
}

/**
 * Changes the caller's own customer's name, locale or tag timeout. The name and locale are
 * in the patient board's rows (announcements, the idle view), so every board rebuilds.
 */
export async function updateCustomerSettings(
  db: Db,
  customerId: string,
  id: string,
  input: UpdateCustomerSettingsInput,
): Promise<CustomerSettingsRecord> {
  const change = stripUndefined(parseInput(updateCustomerSettingsInput, input));
  if (id !== customerId) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Customer', id });
  return runWrite(db, async (trx) => {
    const settings = await updateSettingsRow(trx, customerId, change);
    if (!settings) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Customer', id });
    // The customer is the change's scope (customer_id); entity id 0 names no row of its own.
    await recordChanges(trx, customerId, [
      { entity: 'customer', entityId: 0, action: 'update', boardIds: null },
    ]);
    return settings;
  });
}
