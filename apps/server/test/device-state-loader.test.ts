import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/store/database.ts';
import { createDeviceStateLoader } from '../src/store/device-state-loader.ts';
import { insertDevice } from '../src/store/repositories/devices.ts';
import { openTestDomain, seedCustomer } from './domain-fixtures.ts';

let db: Db;
let alpha: number;
let beta: number;

beforeAll(async () => {
  ({ db } = await openTestDomain());
  await seedCustomer(db, 'alpha');
  await seedCustomer(db, 'beta');
  alpha = (await insertDevice(db, 'alpha', { name: 'Alpha screen', display_board_id: null })).id;
  beta = (await insertDevice(db, 'beta', { name: 'Beta screen', display_board_id: null })).id;
});
afterAll(() => db?.destroy());

describe('the device state loader', () => {
  it("answers many customers' asks of one moment, each with its own device only", async () => {
    const load = createDeviceStateLoader(db);
    const [ownA, ownB, aUnderB, bUnderA, missing] = await Promise.all([
      load('alpha', alpha),
      load('beta', beta),
      load('beta', alpha),
      load('alpha', beta),
      load('alpha', 987_654),
    ]);
    expect(ownA).toMatchObject({ id: alpha, name: 'Alpha screen' });
    expect(ownB).toMatchObject({ id: beta, name: 'Beta screen' });
    expect(aUnderB).toBeUndefined();
    expect(bUnderA).toBeUndefined();
    expect(missing).toBeUndefined();
  });

  it('reads fresh each time: a rename shows at the next ask', async () => {
    const load = createDeviceStateLoader(db);
    expect(await load('alpha', alpha)).toMatchObject({ name: 'Alpha screen' });
    await db.updateTable('devices').set({ name: 'Renamed' }).where('id', '=', alpha).execute();
    expect(await load('alpha', alpha)).toMatchObject({ name: 'Renamed' });
  });
});
