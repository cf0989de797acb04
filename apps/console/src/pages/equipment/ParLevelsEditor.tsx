import type { AssetType, Page, ParLevel } from '@careboard/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { countField, idField } from '../../ui/crud/form-schema.ts';
import { listPath, nameById, optionsOf, useRest } from '../../ui/crud/rest.ts';
import { type LocationName, MAX_PAR_COUNT } from './equipment-records.ts';
import { withLevelChanged, withoutLevel } from './par-level-list.ts';

const schema = z
  .object({ asset_type_id: idField(), min: countField(MAX_PAR_COUNT), max: countField(MAX_PAR_COUNT) })
  .refine((level) => level.max >= level.min, { error: 'IS_NOT_VALID', path: ['max'] });

/**
 * PAR levels per location: choose the location, then add, change or remove the level of each
 * asset type there. A second level for the same type is refused with the catalogue's PAR text.
 */
export function ParLevelsEditor() {
  const intl = useIntl();
  const rest = useRest();
  const locations = useLiveQuery<Page<LocationName>>(listPath('locations'), ['location']);
  const types = useLiveQuery<Page<AssetType>>(listPath('asset-types'), ['asset_type']);
  const [chosen, setChosen] = useState<number | null>(null);
  const location = locations.data?.items.find((row) => row.id === chosen) ?? locations.data?.items[0];
  const levels = useLiveQuery<Page<ParLevel>>(
    location ? listPath(`locations/${location.id}/par-levels`) : null,
    ['par_level', 'location'],
  );
  const typeName = useMemo(() => nameById(types.data?.items, (type) => type.name), [types.data]);
  const fields = useMemo<readonly CrudField[]>(
    () => [
      {
        name: 'asset_type_id',
        label: 'equipment.field.assetType',
        kind: 'select',
        options: optionsOf(types.data?.items, (type) => type.name),
      },
      { name: 'min', label: 'equipment.field.min', kind: 'number' },
      { name: 'max', label: 'equipment.field.max', kind: 'number' },
    ],
    [types.data],
  );
  const columns = useMemo<GridColDef<ParLevel>[]>(
    () => [
      {
        field: 'asset_type_id',
        headerName: intl.formatMessage({ id: 'equipment.field.assetType' }),
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => typeName(row.asset_type_id) ?? '',
      },
      {
        field: 'min',
        headerName: intl.formatMessage({ id: 'equipment.field.min' }),
        type: 'number',
        width: 120,
      },
      {
        field: 'max',
        headerName: intl.formatMessage({ id: 'equipment.field.max' }),
        type: 'number',
        width: 120,
      },
    ],
    [intl, typeName],
  );

  if (locations.data && !location) {
    return <Typography>{intl.formatMessage({ id: 'equipment.parLevels.noLocation' })}</Typography>;
  }
  const rows = levels.data?.items;
  const levelsPath = location ? `locations/${location.id}/par-levels` : '';
  const firstType = types.data?.items[0];
  return (
    <CrudSection<ParLevel, z.output<typeof schema>>
      title="equipment.parLevels.title"
      titleValues={{ location: location?.name ?? '' }}
      thing="equipment.parLevels.thing"
      toolbar={
        <TextField
          select
          label={intl.formatMessage({ id: 'equipment.parLevels.location' })}
          value={location ? String(location.id) : ''}
          onChange={(event) => setChosen(Number(event.target.value))}
          sx={{ minWidth: 260, mb: 2 }}
          size="small"
        >
          {(locations.data?.items ?? []).map((row) => (
            <MenuItem key={row.id} value={String(row.id)}>
              {row.name}
            </MenuItem>
          ))}
        </TextField>
      }
      rows={rows}
      loading={levels.loading || locations.loading}
      readError={levels.error ?? locations.error ?? types.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ asset_type_id: firstType ? String(firstType.id) : '', min: '', max: '' }}
      valuesOf={(level) => ({
        asset_type_id: String(level.asset_type_id),
        min: String(level.min),
        max: String(level.max),
      })}
      nameOf={(level) => typeName(level.asset_type_id) ?? String(level.asset_type_id)}
      onCreate={(body) => rest.post(levelsPath, body)}
      onUpdate={(level, body) =>
        rest.put(levelsPath, { levels: withLevelChanged(rows ?? [], level.id, body) })
      }
      onDelete={(level) => rest.put(levelsPath, { levels: withoutLevel(rows ?? [], level.id) })}
      afterWrite={levels.reload}
    />
  );
}
