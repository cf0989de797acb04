import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../store/database.ts';
import { DEVICE_CODE_GRANT, isDeviceClient } from './clients.ts';

/**
 * Keeps the list of activated devices: a device-code grant that succeeds is
 * recorded (who confirmed it, from where); a device's refresh marks it seen.
 */
export async function recordDeviceGrant(db: Db, ctx: KoaContextWithOIDC): Promise<void> {
  const client = ctx.oidc.client;
  if (!client || !isDeviceClient(client)) return;
  const grantType = (ctx.oidc.params as { grant_type?: string } | undefined)?.grant_type;
  const deviceCode = ctx.oidc.entities.DeviceCode as
    | { grantId?: string; accountId?: string; deviceInfo?: { ip?: string; ua?: string } }
    | undefined;
  const grantId =
    deviceCode?.grantId ?? (ctx.oidc.entities.RefreshToken as { grantId?: string } | undefined)?.grantId;
  const customerId = (client.metadata() as { customer_id?: string }).customer_id;
  if (!grantId || !customerId) return;
  if (grantType === DEVICE_CODE_GRANT && deviceCode) {
    await db
      .insertInto('device_activations')
      .values({
        grant_id: grantId,
        customer_id: customerId,
        account_id: deviceCode.accountId ?? null,
        ip: deviceCode.deviceInfo?.ip?.slice(0, 100) ?? null,
        user_agent: deviceCode.deviceInfo?.ua?.slice(0, 400) ?? null,
        last_seen_at: new Date(),
        revoked_at: null,
      })
      .onConflict((conflict) => conflict.column('grant_id').doNothing())
      .execute();
    return;
  }
  await db
    .updateTable('device_activations')
    .set({ last_seen_at: new Date() })
    .where('grant_id', '=', grantId)
    .execute();
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
}

export async function listDeviceActivations(db: Db, customerId?: string): Promise<DeviceActivation[]> {
  let query = db
    .selectFrom('device_activations')
    .leftJoin('accounts', 'accounts.id', 'device_activations.account_id')
    .select([
      'device_activations.grant_id',
      'device_activations.customer_id',
      'accounts.email as activated_by',
      'device_activations.ip',
      'device_activations.user_agent',
      'device_activations.activated_at',
      'device_activations.last_seen_at',
      'device_activations.revoked_at',
    ])
    .orderBy('device_activations.activated_at', 'desc');
  if (customerId) query = query.where('device_activations.customer_id', '=', customerId);
  return query.execute();
}
