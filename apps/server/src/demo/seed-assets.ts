import type { Db } from '../store/database.ts';
import { insertAssets, insertAssetTypes } from '../store/repositories/assets.ts';
import type { Location } from '../store/repositories/locations.ts';
import { insertParLevels } from '../store/repositories/par-levels.ts';
import { insertTags } from '../store/repositories/tags.ts';
import { DEMO_ASSET_OVERFLOW, DEMO_ASSET_TYPES, DEMO_PAR } from './demo-data.ts';

/** Six asset types, their tagged assets placed so some PAR levels start short and some in excess. */
export async function seedAssets(
  db: Db,
  customerId: string,
  locations: readonly Location[],
  _now: Date,
): Promise<{ locationIds: number[] }> {
  const locationId = (name: string) => {
    const location = locations.find((l) => l.name === name);
    if (!location) throw new Error(`The demo has no location ${name}.`);
    return location.id;
  };
  const types = await insertAssetTypes(
    db,
    customerId,
    DEMO_ASSET_TYPES.map(([name]) => name),
  );
  const typeId = (name: string) => types.find((type) => type.name === name)?.id ?? 0;

  const assets: { name: string; asset_type_id: number; location_id: number | null }[] = [];
  let overflow = 0;
  for (const [typeName, total] of DEMO_ASSET_TYPES) {
    const placed = DEMO_PAR.filter(([, type]) => type === typeName).flatMap(([location, , , , count]) =>
      Array.from({ length: count }, () => locationId(location)),
    );
    for (let i = 0; i < total; i++) {
      const fallback = DEMO_ASSET_OVERFLOW[overflow++ % DEMO_ASSET_OVERFLOW.length] ?? 'Central Supply';
      assets.push({
        name: `${typeName} ${String(i + 1).padStart(2, '0')}`,
        asset_type_id: typeId(typeName),
        location_id: placed[i] ?? locationId(fallback),
      });
    }
  }
  const tags = await insertTags(
    db,
    customerId,
    // No RTLS feed reports the demo's tags: never seen, so never non-reporting (decision BOF-19).
    assets.map((_, i) => ({ label: `T-3${String(i + 1).padStart(3, '0')}`, kind: 'asset_tag' as const })),
  );
  await insertAssets(
    db,
    customerId,
    assets.map((asset, i) => ({ ...asset, tag_id: tags[i]?.id ?? null })),
  );
  await insertParLevels(
    db,
    customerId,
    DEMO_PAR.map(([location, type, min, max]) => ({
      location_id: locationId(location),
      asset_type_id: typeId(type),
      min,
      max,
    })),
  );
  return { locationIds: [...new Set(DEMO_PAR.map(([location]) => locationId(location)))] };
}
