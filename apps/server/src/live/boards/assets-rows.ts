import type { ParRow } from '@careboard/contracts';
import { parState } from '../../domain/par-state.ts';
import { listParLevelCounts } from '../../store/repositories/board-row-queries.ts';
import { type BuildRows, readAlone } from './build-rows.ts';

/** Assets PAR-level board: each asset type's count at each of the board's locations against its PAR level. */
export const buildAssetsRows: BuildRows = async (db, customerId, config, _now, share = readAlone) => {
  const levels = await share(`par ${config.location_ids.join(',')}`, () =>
    listParLevelCounts(db, customerId, config.location_ids),
  );
  return levels.map((level): ParRow => {
    const state = parState(level.count, level);
    return {
      key: `par:${level.location_id}:${level.asset_type_id}`,
      type: 'par',
      location_id: level.location_id,
      location_name: level.location_name,
      asset_type_id: level.asset_type_id,
      asset_type_name: level.asset_type_name,
      count: level.count,
      min: level.min,
      max: level.max,
      status: state.status,
      missing: state.missing,
      excess: state.excess,
    };
  });
};
