import { setTimeout as sleep } from 'node:timers/promises';
import type { Principal } from '../src/identity/verify-access-token.ts';

/** A screen's principal, as its device token makes it: the device `id` of the customer. */
export function screenPrincipal(customerId: string, id: number): Principal {
  return {
    customerId,
    subject: `device:${id}`,
    scopes: new Set(),
    clientId: undefined,
    expiresAt: Date.now() + 600_000,
    deviceId: id,
  };
}

/** Whether `check` held within `ms`, asked every 50 ms. */
export async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (await check()) return true;
  return check();
}
