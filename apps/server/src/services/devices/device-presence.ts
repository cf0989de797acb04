import type { SpeechCapability } from '@careboard/contracts';
import { recordChangesOfCustomers } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import {
  claimDevicesOnline,
  clearLapsedPresence,
  extendRunningLease,
  forgetLapsedNodes,
  listCustomersWithLapsedPresence,
  markDeviceOffline,
  type PresenceAnswers,
  reclaimHeldDevices,
  releaseDevicesNotHeld,
  renewNodeLease,
} from '../../store/repositories/device-presence.ts';
import { recordDeviceSeen, recordDeviceSpeech } from '../../store/repositories/devices.ts';
import { runWrite } from '../write-transaction.ts';
import { presenceChange, recordDeviceChanges, recordPresenceChanges } from './device-changes.ts';

/**
 * Whether a screen is online is "a live connection on some node": the node holding it claims it
 * and keeps its own lease in the future (BOF-43, LIVE-53); a 'device_presence' change is recorded
 * only when it comes online or goes offline, never per heartbeat, so a console follows the fleet
 * without a change row per heartbeat, and nothing that reads the device record wakes for it (LIVE-48).
 */

/** Records the devices that came online; answers, per customer, the ones refused (revoked or gone). */
async function recordCameOnline(trx: Db, answers: PresenceAnswers): Promise<Map<string, number[]>> {
  await recordChangesOfCustomers(
    trx,
    new Map([...answers].map(([customerId, { cameOnline }]) => [customerId, cameOnline.map(presenceChange)])),
  );
  return new Map([...answers].map(([customerId, { refused }]) => [customerId, refused]));
}

/**
 * Devices connecting to the node `node`, of any customers: claimed by it in one transaction
 * (LIVE-27); answers, per customer, the ones it may not hold (revoked or gone).
 */
export async function keepDevicesOnline(
  db: Db,
  held: ReadonlyMap<string, readonly number[]>,
  node: string,
): Promise<Map<string, number[]>> {
  return runWrite(db, async (trx) => recordCameOnline(trx, await claimDevicesOnline(trx, held, node)));
}

/** Whether the node still holds a screen, asked once a claim of it has run. */
export type StillHeld = (customerId: string, id: number) => boolean;

/**
 * The heartbeat's look at devices the node holds: the ones gone offline meanwhile (another node let
 * them go, a lapse swept them) are claimed again (LIVE-53); answers the ones refused.
 *
 * A screen whose last connection closed while the claim ran may have been marked offline just
 * before it, and claimed back by it: `stillHeld`, asked after the claim and before its commit, says
 * so, and it is offline again in the same transaction, with no change (LIVE-55). Its release
 * deleted it from the held screens before its offline write began, so no such screen is missed.
 */
export async function keepHeldOnline(
  db: Db,
  held: ReadonlyMap<string, readonly number[]>,
  node: string,
  stillHeld: StillHeld = () => true,
): Promise<Map<string, number[]>> {
  return runWrite(db, async (trx) => {
    const answers = await reclaimHeldDevices(trx, held, node);
    for (const [customerId, answer] of answers) {
      const left = answer.cameOnline.filter((id) => !stillHeld(customerId, id));
      if (left.length === 0) continue;
      for (const id of left) await markDeviceOffline(trx, customerId, id, node);
      answer.cameOnline = answer.cameOnline.filter((id) => !left.includes(id));
    }
    return recordCameOnline(trx, answers);
  });
}

/**
 * The node's lease runs until `until` (LIVE-53). A lease that had lapsed, or one new to the
 * database, first lets go of the screens still naming the node (a restarted process's
 * predecessor's, or its own after losing the database), each with its presence change: they were
 * offline by the lapse, and a console hears so before they come back (LIVE-54).
 */
export async function renewPresenceLease(db: Db, node: string, until: Date): Promise<void> {
  if (await extendRunningLease(db, node, until)) return;
  await runWrite(db, async (trx) => {
    await letGoOfUnheld(trx, node, new Map());
    await renewNodeLease(trx, node, until);
  });
}

/** The board release a screen reported when it connected (the console's Screens list shows it). */
export async function noteAppVersion(
  db: Db,
  customerId: string,
  id: number,
  appVersion: string,
): Promise<void> {
  await recordDeviceSeen(db, customerId, id, { at: new Date(), app_version: appVersion });
}

/**
 * How a screen says it can speak (SCR-14): stored, and a 'device' change recorded when it
 * differs, so the consoles' Screens lists show it at once; the same report again writes nothing.
 */
export async function noteSpeech(
  db: Db,
  customerId: string,
  id: number,
  speech: SpeechCapability,
): Promise<void> {
  await runWrite(db, async (trx) => {
    if (await recordDeviceSpeech(trx, customerId, id, speech))
      await recordDeviceChanges(trx, customerId, [id]);
  });
}

/** The last live connection of a device on `node` closed (see markDeviceOffline). */
export async function markDeviceOfflineNow(
  db: Db,
  customerId: string,
  id: number,
  node: string,
): Promise<void> {
  await runWrite(db, async (trx) => {
    if (await markDeviceOffline(trx, customerId, id, node))
      await recordPresenceChanges(trx, customerId, [id]);
  });
}

/** The devices naming `node` and not in `held` go offline, with their presence changes; answers how many. */
async function letGoOfUnheld(
  trx: Db,
  node: string,
  held: ReadonlyMap<string, readonly number[]>,
): Promise<number> {
  const released = await releaseDevicesNotHeld(trx, node, held);
  await recordChangesOfCustomers(
    trx,
    new Map([...released].map(([customerId, ids]) => [customerId, ids.map(presenceChange)])),
  );
  return [...released.values()].reduce((sum, ids) => sum + ids.length, 0);
}

/**
 * The screens claimed by `node` that it does not hold go offline: a process restarted in its place,
 * once its screens had time to come back (LIVE-54). Answers how many.
 */
export async function releaseScreensNotHeld(
  db: Db,
  node: string,
  held: ReadonlyMap<string, readonly number[]>,
): Promise<number> {
  return runWrite(db, (trx) => letGoOfUnheld(trx, node, held));
}

/** Devices whose node stopped renewing its lease (it died, or lost its database) go offline. */
export async function sweepLapsedPresence(db: Db): Promise<number> {
  await forgetLapsedNodes(db);
  let count = 0;
  for (const customerId of await listCustomersWithLapsedPresence(db)) {
    count += await runWrite(db, async (trx) => {
      const ids = await clearLapsedPresence(trx, customerId);
      await recordPresenceChanges(trx, customerId, ids);
      return ids.length;
    });
  }
  return count;
}
