import type { Db } from './database.ts';

export interface NewDeviceActivation {
  readonly grant_id: string;
  readonly customer_id: string;
  readonly account_id: string | null;
  readonly ip: string | null;
  readonly user_agent: string | null;
}

/** Records an activated device, once per grant; it counts as seen now. */
export async function insertDeviceActivation(db: Db, activation: NewDeviceActivation): Promise<void> {
  await db
    .insertInto('device_activations')
    .values({ ...activation, last_seen_at: new Date(), revoked_at: null })
    .onConflict((conflict) => conflict.column('grant_id').doNothing())
    .execute();
}

export async function markDeviceSeen(db: Db, grantId: string): Promise<void> {
  await db
    .updateTable('device_activations')
    .set({ last_seen_at: new Date() })
    .where('grant_id', '=', grantId)
    .execute();
}

/** Marks a device revoked; returns whether it was active. */
export async function markDeviceRevoked(db: Db, grantId: string): Promise<boolean> {
  const marked = await db
    .updateTable('device_activations')
    .set({ revoked_at: new Date() })
    .where('grant_id', '=', grantId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return marked.numUpdatedRows > 0n;
}

export interface DeviceActivation {
  readonly grant_id: string;
  readonly customer_id: string;
  readonly activated_by: string | null;
  readonly ip: string | null;
  readonly user_agent: string | null;
  readonly activated_at: Date;
  readonly last_seen_at: Date | null;
  readonly revoked_at: Date | null;
  /** The board its device shows (IDN-16); null when none. */
  readonly display_board_id: number | null;
}

export async function listDeviceActivations(db: Db, customerId?: string): Promise<DeviceActivation[]> {
  let query = db
    .selectFrom('device_activations')
    .leftJoin('accounts', 'accounts.id', 'device_activations.account_id')
    .leftJoin('devices', 'devices.grant_id', 'device_activations.grant_id')
    .select([
      'device_activations.grant_id',
      'device_activations.customer_id',
      'accounts.email as activated_by',
      'device_activations.ip',
      'device_activations.user_agent',
      'device_activations.activated_at',
      'device_activations.last_seen_at',
      'device_activations.revoked_at',
      'devices.display_board_id',
    ])
    .orderBy('device_activations.activated_at', 'desc');
  if (customerId) query = query.where('device_activations.customer_id', '=', customerId);
  return query.execute();
}
