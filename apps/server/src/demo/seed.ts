import type { Logger } from 'pino';
import { isAppError } from '../errors/app-error.ts';
import { DEMO_PASSWORD, demoAdmin } from '../identity/demo-accounts.ts';
import { createCustomer } from '../services/tenants/create-customer.ts';
import { lockUntilTransactionEnds } from '../store/advisory-lock.ts';
import { findCustomer } from '../store/customers.ts';
import type { Db } from '../store/database.ts';
import { areBoardIdsFree } from '../store/repositories/display-boards.ts';
import { listSites } from '../store/repositories/sites.ts';
import { type Random, seededRandom } from './random.ts';
import { seedAssets } from './seed-assets.ts';
import { demoBoards, seedBoards } from './seed-boards.ts';
import { seedCareSetting } from './seed-care-setting.ts';
import { seedFeeds } from './seed-feeds.ts';
import { seedVisits } from './seed-visits.ts';

/** The demo customer; its organization id and device client follow `customer add`'s rule (BOF-26). */
export const DEMO_CUSTOMER = Object.freeze({
  id: 'demo',
  auth_org_id: 'org_demo',
  auth_device_client_id: 'demo-device',
  locale: 'en-US',
  // Shown when a display is activated, and as {organization_alias} in announcements.
  name: 'Riverside Medical Center',
});

/** The demo boards' ids, of types 1, 2, 3, 4 in this order (decision API-01). */
export const DEMO_BOARD_IDS: readonly number[] = Object.freeze([1, 2, 3, 4]);

/** A fixed seed: every fresh demo looks the same, which documentation and tests rely on. */
const DEMO_RANDOM_SEED = 20_240_601;

export interface SeedOptions {
  readonly now?: Date;
  readonly random?: Random;
  /** Ids for the four boards, used when no board of any customer has them. */
  readonly boardIds?: readonly number[];
}

export interface SeedResult {
  readonly boardIds: readonly number[];
  readonly activeVisits: number;
}

/**
 * Makes the demo customer and its admin as `customer add` makes any customer (BOF-26), unless
 * it exists; returns whether it made it. Another server seeding at once makes it first: fine.
 */
async function createDemoCustomer(db: Db): Promise<boolean> {
  if (await findCustomer(db, DEMO_CUSTOMER.id)) return false;
  try {
    await createCustomer(db, {
      id: DEMO_CUSTOMER.id,
      name: DEMO_CUSTOMER.name,
      locale: DEMO_CUSTOMER.locale,
      admin_email: demoAdmin.email,
      admin_name: demoAdmin.name,
      admin_password: DEMO_PASSWORD,
    });
    return true;
  } catch (error) {
    if (isAppError(error, 'DUPLICATE_KEY') && (await findCustomer(db, DEMO_CUSTOMER.id))) return false;
    throw error;
  }
}

/** Seeds the demo customer and its care setting on first start; later starts leave what is there. */
export async function seedDemo(db: Db, log: Logger, options: SeedOptions = {}): Promise<void> {
  if (await createDemoCustomer(db)) {
    log.info({ customer: DEMO_CUSTOMER.id }, 'seeded the demo customer');
  }
  const result = await seedDemoData(db, DEMO_CUSTOMER.id, { boardIds: DEMO_BOARD_IDS, ...options });
  if (!result) return;
  const fixed = result.boardIds.every((id, i) => id === DEMO_BOARD_IDS[i]);
  if (!fixed) {
    log.warn(
      { boardIds: result.boardIds },
      'the demo boards could not get the ids 1–4: other boards have them',
    );
  }
  log.info(
    { customer: DEMO_CUSTOMER.id, boardIds: result.boardIds, activeVisits: result.activeVisits },
    'seeded the demo care setting',
  );
}

/**
 * Seeds the demo care setting for a customer that has no site yet, in one
 * transaction; returns undefined (and writes nothing) when it has one. The lock
 * makes two servers starting on one database seed once.
 */
export async function seedDemoData(
  db: Db,
  customerId: string,
  options: SeedOptions = {},
): Promise<SeedResult | undefined> {
  const now = options.now ?? new Date();
  const random = options.random ?? seededRandom(DEMO_RANDOM_SEED);
  return db.transaction().execute(async (trx) => {
    await lockUntilTransactionEnds(trx, 'careboard_demo_seed', customerId);
    if ((await listSites(trx, customerId)).length > 0) return undefined;
    const setting = await seedCareSetting(trx, customerId, now);
    const activeVisits = await seedVisits(trx, customerId, setting, random, now);
    const { locationIds } = await seedAssets(trx, customerId, setting.locations, now);
    await seedFeeds(trx, customerId, setting);
    const fixedIds =
      options.boardIds && (await areBoardIdsFree(trx, options.boardIds)) ? options.boardIds : undefined;
    const boardIds = await seedBoards(trx, customerId, demoBoards(setting, locationIds), fixedIds, now);
    return { boardIds, activeVisits };
  });
}
