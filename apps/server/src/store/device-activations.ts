import type { Db } from './database.ts';

export interface DeviceActivation {
  readonly grant_id: string;
  readonly customer_id: string;
  readonly account_id: string | null;
  readonly ip: string | null;
  readonly user_agent: string | null;
}

/**
 * Notes on a screen's device record who confirmed its code and from where (BOF-42); the
 * record itself was made by the activation's first token (ensureDeviceOfGrant). It counts as
 * seen now.
 */
export async function recordDeviceActivation(db: Db, activation: DeviceActivation): Promise<void> {
  await db
    .updateTable('devices')
    .set((eb) => ({
      activated_by_id: activation.account_id,
      ip: activation.ip,
      user_agent: activation.user_agent,
      activated_at: eb.fn.coalesce('activated_at', eb.val(new Date())),
      last_seen_at: new Date(),
    }))
    .where('grant_id', '=', activation.grant_id)
    .where('customer_id', '=', activation.customer_id)
    .execute();
}

/** A screen renewed its token: it was there just now. */
export async function markDeviceSeen(db: Db, grantId: string): Promise<void> {
  await db.updateTable('devices').set({ last_seen_at: new Date() }).where('grant_id', '=', grantId).execute();
}

/** A device as the admin command lists it: every customer's, or one's. */
export interface DeviceListing {
  readonly id: number;
  readonly grant_id: string | null;
  readonly customer_id: string;
  readonly name: string;
  readonly activated_by: string | null;
  readonly ip: string | null;
  readonly user_agent: string | null;
  readonly activated_at: Date | null;
  readonly last_seen_at: Date | null;
  readonly revoked_at: Date | null;
  readonly display_board_id: number | null;
}

export async function listDeviceListings(db: Db, customerId?: string): Promise<DeviceListing[]> {
  let query = db
    .selectFrom('devices')
    .leftJoin('accounts', 'accounts.id', 'devices.activated_by_id')
    .select([
      'devices.id',
      'devices.grant_id',
      'devices.customer_id',
      'devices.name',
      'accounts.email as activated_by',
      'devices.ip',
      'devices.user_agent',
      'devices.activated_at',
      'devices.last_seen_at',
      'devices.revoked_at',
      'devices.display_board_id',
    ])
    .orderBy('devices.id', 'desc');
  if (customerId) query = query.where('devices.customer_id', '=', customerId);
  return query.execute();
}

/** A device named on the command line: by its id, or by its grant id as older lists showed. */
export async function findDeviceByReference(
  db: Db,
  reference: string,
): Promise<{ id: number; customer_id: string; grant_id: string | null } | undefined> {
  let query = db.selectFrom('devices').select(['id', 'customer_id', 'grant_id']);
  query = /^\d{1,9}$/.test(reference)
    ? query.where('id', '=', Number(reference))
    : query.where('grant_id', '=', reference);
  return query.executeTakeFirst();
}
