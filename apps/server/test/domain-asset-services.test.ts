import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveAssetToLocation } from '../src/services/move-asset.ts';
import { setParLevels } from '../src/services/set-par-levels.ts';
import { listChangesSince } from '../src/store/change-log.ts';
import type { Db } from '../src/store/database.ts';
import { countAssets, listAssets, listAssetTypes } from '../src/store/repositories/assets.ts';
import { listDisplayBoardConfigs } from '../src/store/repositories/display-boards.ts';
import { type Location, listLocations } from '../src/store/repositories/locations.ts';
import { listParLevels } from '../src/store/repositories/par-levels.ts';
import { appErrorOf, countChanges, openTestDomain, seedCustomer } from './domain-fixtures.ts';

const C = 'acme';
let db: Db;
let locations: Location[];
let typeIds: number[];

beforeAll(async () => {
  ({ db } = await openTestDomain());
  await seedCustomer(db, C);
  locations = await listLocations(db, C);
  typeIds = (await listAssetTypes(db, C)).map((type) => type.id);
});
afterAll(() => db.destroy());

const locationNamed = (name: string) => {
  const location = locations.find((l) => l.name === name);
  if (!location) throw new Error(name);
  return location;
};
const type = (i: number) => typeIds[i] ?? 0;

describe('moveAssetToLocation', () => {
  it('moves an asset, changes the counts, and records a change for the PAR board showing either place', async () => {
    const asset = (await listAssets(db, C)).find((a) => a.location_id === locationNamed('PACU').id);
    if (!asset) throw new Error('seed');
    const to = locationNamed('Central Supply');
    const count = async (locationId: number) =>
      (await countAssets(db, C, [locationId])).find((c) => c.asset_type_id === asset.asset_type_id)?.count ??
      0;
    const [fromBefore, toBefore] = [await count(asset.location_id ?? 0), await count(to.id)];
    const before = await countChanges(db, C);
    const moved = await moveAssetToLocation(db, C, { asset_id: asset.id, location_id: to.id });
    expect(moved.location_id).toBe(to.id);
    expect(await count(asset.location_id ?? 0)).toBe(fromBefore - 1);
    expect(await count(to.id)).toBe(toBefore + 1);
    const [change] = (await listChangesSince(db, C, '0')).slice(before);
    const parBoard = (await listDisplayBoardConfigs(db, C)).find((b) => b.display_board_type_id === 4);
    expect(change).toMatchObject({
      entity: 'asset',
      entity_id: asset.id,
      action: 'update',
      board_ids: [parBoard?.id],
    });
  });

  it('answers ENTITY_NOT_FOUND for an unknown asset and NO_MASTER_ENTITY_FOUND for an unknown location', async () => {
    expect(
      await appErrorOf(moveAssetToLocation(db, C, { asset_id: 999_999, location_id: null })),
    ).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
      params: { entity: 'Asset', id: 999_999 },
    });
    const [asset] = await listAssets(db, C);
    expect(
      await appErrorOf(moveAssetToLocation(db, C, { asset_id: asset?.id ?? 0, location_id: 999_999 })),
    ).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Location', field: 'location_id', value: '999999' },
    });
  });
});

describe('setParLevels', () => {
  it('replaces the location PAR levels with the rows given, with a change per removed and added row', async () => {
    const hallway = locationNamed('East Hallway');
    const old = await listParLevels(db, C, [hallway.id]);
    const before = await countChanges(db, C);
    const levels = await setParLevels(db, C, {
      location_id: hallway.id,
      levels: [
        { asset_type_id: type(0), min: 1, max: 2 },
        { asset_type_id: type(1), min: 0, max: 4 },
      ],
    });
    expect(levels.map((l) => [l.asset_type_id, l.min, l.max])).toEqual([
      [type(0), 1, 2],
      [type(1), 0, 4],
    ]);
    expect(await listParLevels(db, C, [hallway.id])).toEqual(levels);
    const changes = (await listChangesSince(db, C, '0')).slice(before);
    expect(changes.filter((c) => c.action === 'delete').map((c) => c.entity_id)).toEqual(
      old.map((l) => l.id),
    );
    expect(changes.filter((c) => c.action === 'insert').map((c) => c.entity_id)).toEqual(
      levels.map((l) => l.id),
    );
  });

  it('leaves nothing behind when the third row fails in the database: old rows kept, no change rows', async () => {
    const supply = locationNamed('Central Supply');
    const old = await listParLevels(db, C, [supply.id]);
    expect(old.length).toBeGreaterThan(0);
    const before = await countChanges(db, C);
    const error = await appErrorOf(
      setParLevels(db, C, {
        location_id: supply.id,
        levels: [
          { asset_type_id: type(0), min: 1, max: 3 },
          { asset_type_id: type(1), min: 1, max: 3 },
          { asset_type_id: 999_999, min: 1, max: 3 },
        ],
      }),
    );
    expect(error).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Asset type', field: 'asset_type_id', value: '999999' },
    });
    expect(await listParLevels(db, C, [supply.id])).toEqual(old);
    expect(await countChanges(db, C)).toBe(before);
  });

  it('answers the PAR-level DUPLICATE_KEY text for an asset type twice, and leaves the old rows', async () => {
    const pacu = locationNamed('PACU');
    const old = await listParLevels(db, C, [pacu.id]);
    const error = await appErrorOf(
      setParLevels(db, C, {
        location_id: pacu.id,
        levels: [
          { asset_type_id: type(2), min: 1, max: 3 },
          { asset_type_id: type(2), min: 2, max: 4 },
        ],
      }),
    );
    expect(error.code).toBe('DUPLICATE_KEY');
    expect(error.params).toMatchObject({
      entity: 'PAR levels',
      field: 'asset_type_id',
      value: String(type(2)),
    });
    expect(error.message).toBe('These PAR levels already exists.');
    expect(await listParLevels(db, C, [pacu.id])).toEqual(old);
  });

  it('refuses max below min, naming the row, and an unknown location', async () => {
    const pacu = locationNamed('PACU');
    expect(
      await appErrorOf(
        setParLevels(db, C, {
          location_id: pacu.id,
          levels: [
            { asset_type_id: type(0), min: 1, max: 3 },
            { asset_type_id: type(1), min: 1, max: 3 },
            { asset_type_id: type(2), min: 5, max: 3 },
          ],
        }),
      ),
    ).toMatchObject({ code: 'IS_NOT_VALID', params: { field: 'levels.2.max' } });
    expect(await appErrorOf(setParLevels(db, C, { location_id: 999_999, levels: [] }))).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
      params: { entity: 'Location', id: 999_999 },
    });
    expect(
      await appErrorOf(
        setParLevels(db, C, { location_id: pacu.id, levels: [{ asset_type_id: type(0), min: 1 }] } as never),
      ),
    ).toMatchObject({ code: 'IS_REQUIRED', params: { field: 'levels.0.max' } });
  });
});
