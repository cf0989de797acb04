import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import {
  type DeviceCodeApproval,
  displayUserCode,
  normalizeUserCode,
} from '../../identity/device-code-approval.ts';
import { mayActivateDevices } from '../../identity/roles.ts';
import { findAccountById } from '../../store/accounts.ts';
import type { Db } from '../../store/database.ts';
import {
  type DeviceRecord,
  ensureDeviceOfGrant,
  updateDeviceRecord,
} from '../../store/repositories/devices.ts';
import { stripUndefined } from '../create-display-board.ts';
import { parseInput } from '../parse-input.ts';
import { idSchema, nameSchema, textSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';
import { recordDeviceChanges } from './device-changes.ts';
import { getDevice } from './manage-device.ts';

/** POST /devices/pair: the code a screen shows, and optionally what to call it and where it hangs. */
export const pairDeviceInput = z.strictObject({
  user_code: textSchema()
    .trim()
    .min(1)
    .max(40)
    .describe('The code the screen shows; any case, dash and spaces optional'),
  name: nameSchema(120).optional(),
  location_id: idSchema.nullable().optional(),
});

export type PairDeviceInput = z.input<typeof pairDeviceInput>;

export interface Pairing {
  readonly customerId: string;
  /** The signed-in person: their account confirms the code, as on the phone. */
  readonly accountId: string;
}

/**
 * Pairs a screen by the code it shows, for a person signed in to the console: the code is
 * approved as the phone's Confirm would (same account rules), and the screen's device record is
 * made now, with its name and location, so the answer names the screen; the screen's next poll
 * gets its tokens and finds this record (decisions BOF-49, BOF-50, BOF-51).
 */
export async function pairDevice(
  db: Db,
  approval: DeviceCodeApproval | undefined,
  who: Pairing,
  input: PairDeviceInput,
): Promise<DeviceRecord> {
  const { user_code, name, location_id } = parseInput(pairDeviceInput, input);
  const account = await findAccountById(db, who.accountId);
  // Who may confirm on a phone may pair here: an enabled admin account of this customer (BOF-52, IDN-20).
  if (
    !account ||
    account.disabled_at ||
    account.customer_id !== who.customerId ||
    !mayActivateDevices(account.role)
  ) {
    throw new AppError('FORBIDDEN', {});
  }
  if (location_id != null) await requireLocation(db, who.customerId, location_id);

  const pending = await approval?.findPending(user_code, who.customerId);
  if (!pending) {
    // Unknown, expired, used, denied and another customer's codes alike (BOF-50).
    throw new AppError('NO_MASTER_ENTITY_FOUND', {
      entity: 'Display',
      field: 'code',
      value: displayUserCode(normalizeUserCode(user_code)).slice(0, 20),
    });
  }
  const { grantId } = await pending.approve(account.id);

  return runWrite(db, async (trx) => {
    const id = await ensureDeviceOfGrant(trx, who.customerId, {
      grant_id: grantId,
      name: name ?? `Display ${new Date().toISOString().slice(0, 10)} ${grantId.slice(0, 6)}`,
      requested_board_id: pending.requestedBoardId,
    });
    await updateDeviceRecord(trx, who.customerId, id, stripUndefined({ name, location_id }));
    await trx
      .updateTable('devices')
      .set({
        activated_by_id: account.id,
        ip: pending.deviceInfo?.ip?.slice(0, 100) ?? null,
        user_agent: pending.deviceInfo?.ua?.slice(0, 400) ?? null,
      })
      .where('customer_id', '=', who.customerId)
      .where('id', '=', id)
      .execute();
    await recordDeviceChanges(trx, who.customerId, [id], 'insert');
    return getDevice(trx, who.customerId, id);
  });
}

/** A location of another customer or none is refused before the code is used up (BOF-53). */
async function requireLocation(db: Db, customerId: string, id: number): Promise<void> {
  const found = await db
    .selectFrom('locations')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) {
    throw new AppError('NO_MASTER_ENTITY_FOUND', {
      entity: 'Location',
      field: 'location_id',
      value: String(id),
    });
  }
}
