import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../store/database.ts';
import { markDeviceSeen, recordDeviceActivation } from '../store/device-activations.ts';
import { ensureDeviceOfGrant } from '../store/repositories/devices.ts';
import { DEVICE_CODE_GRANT, isDeviceClient } from './clients.ts';

/**
 * Keeps the device records of screens: a device-code grant that succeeds notes on its device
 * (made by the grant's first token) who confirmed it and from where (BOF-42); a device's
 * refresh marks it seen.
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
    await recordDeviceActivation(db, {
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

/** The board id a screen sent with its device code request, when it is one. */
function requestedBoardId(ctx: KoaContextWithOIDC): number | null {
  const params = (ctx.oidc.entities.DeviceCode as { params?: Record<string, unknown> } | undefined)?.params;
  const raw = params?.display_board_id;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The claims a device client's access token adds: `device_id`, the screen's
 * device record, made on the activation's first token with the board the
 * screen asked for (decision IDN-16). What the token may read is looked up
 * from that record at each request, so it follows reassignment.
 */
export async function deviceTokenClaims(
  db: Db,
  ctx: KoaContextWithOIDC | undefined,
  token: { grantId?: string },
): Promise<{ device_id: number } | undefined> {
  const client = ctx?.oidc.client;
  if (!ctx || !client || !isDeviceClient(client) || !token.grantId) return undefined;
  const customerId = (client.metadata() as { customer_id?: string }).customer_id;
  if (!customerId) return undefined;
  const deviceCode = ctx.oidc.entities.DeviceCode as { deviceInfo?: { ua?: string } } | undefined;
  const deviceId = await ensureDeviceOfGrant(db, customerId, {
    grant_id: token.grantId,
    name: `Display ${new Date().toISOString().slice(0, 10)} ${token.grantId.slice(0, 6)}`,
    requested_board_id: deviceCode ? requestedBoardId(ctx) : null,
  });
  return { device_id: deviceId };
}
