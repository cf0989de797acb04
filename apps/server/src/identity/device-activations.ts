import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../store/database.ts';
import { insertDeviceActivation, markDeviceSeen } from '../store/device-activations.ts';
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
    await insertDeviceActivation(db, {
      grant_id: grantId,
      customer_id: customerId,
      account_id: deviceCode.accountId ?? null,
      ip: deviceCode.deviceInfo?.ip?.slice(0, 100) ?? null,
      user_agent: deviceCode.deviceInfo?.ua?.slice(0, 400) ?? null,
    });
    return;
  }
  await markDeviceSeen(db, grantId);
}
