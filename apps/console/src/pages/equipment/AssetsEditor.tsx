import type { Asset, AssetType, Page } from '@careboard/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { idField, nameField, optionalIdField } from '../../ui/crud/form-schema.ts';
import { listPath, nameById, optionsOf, useRest } from '../../ui/crud/rest.ts';
import type { AssetTag, LocationName } from './equipment-records.ts';

const schema = z.object({
  name: nameField(120),
  asset_type_id: idField(),
  tag_id: optionalIdField(),
  location_id: optionalIdField(),
});

/**
 * Assets: their type, the asset tag fixed to them and where they are now. Every asset tag is
 * offered; one another asset has is refused with the catalogue's TAG_IS_IN_USE text.
 */
export function AssetsEditor() {
  const intl = useIntl();
  const rest = useRest();
  const assets = useLiveQuery<Page<Asset>>(listPath('assets'), ['asset']);
  const types = useLiveQuery<Page<AssetType>>(listPath('asset-types'), ['asset_type']);
  const tags = useLiveQuery<Page<AssetTag>>(listPath('tags', { kind: 'asset_tag' }), ['tag', 'asset']);
  const locations = useLiveQuery<Page<LocationName>>(listPath('locations'), ['location']);
  const typeName = useMemo(() => nameById(types.data?.items, (type) => type.name), [types.data]);
  const tagLabel = useMemo(() => nameById(tags.data?.items, (tag) => tag.label), [tags.data]);
  const locationName = useMemo(
    () => nameById(locations.data?.items, (location) => location.name),
    [locations.data],
  );
  const fields = useMemo<readonly CrudField[]>(
    () => [
      { name: 'name', label: 'equipment.field.name', kind: 'text' },
      {
        name: 'asset_type_id',
        label: 'equipment.field.assetType',
        kind: 'select',
        options: optionsOf(types.data?.items, (type) => type.name),
      },
      {
        name: 'tag_id',
        label: 'equipment.field.tag',
        kind: 'select',
        allowNone: true,
        options: optionsOf(tags.data?.items, (tag) => tag.label),
      },
      {
        name: 'location_id',
        label: 'equipment.field.location',
        kind: 'select',
        allowNone: true,
        options: optionsOf(locations.data?.items, (location) => location.name),
      },
    ],
    [types.data, tags.data, locations.data],
  );
  const columns = useMemo<GridColDef<Asset>[]>(
    () => [
      {
        field: 'name',
        headerName: intl.formatMessage({ id: 'equipment.field.name' }),
        flex: 1,
        minWidth: 150,
      },
      {
        field: 'asset_type_id',
        headerName: intl.formatMessage({ id: 'equipment.field.assetType' }),
        flex: 1,
        minWidth: 130,
        valueGetter: (_value, row) => typeName(row.asset_type_id) ?? '',
      },
      {
        field: 'tag_id',
        headerName: intl.formatMessage({ id: 'equipment.field.tag' }),
        width: 120,
        valueGetter: (_value, row) => tagLabel(row.tag_id) ?? '',
      },
      {
        field: 'location_id',
        headerName: intl.formatMessage({ id: 'equipment.field.location' }),
        flex: 1,
        minWidth: 130,
        // No location is "Not tracked"; a location not read yet is blank, never "Not tracked".
        valueGetter: (_value, row) =>
          row.location_id === null
            ? intl.formatMessage({ id: 'equipment.nowhere' })
            : (locationName(row.location_id) ?? ''),
      },
    ],
    [intl, typeName, tagLabel, locationName],
  );
  const firstType = types.data?.items[0];
  return (
    <CrudSection<Asset, z.output<typeof schema>>
      title="equipment.assets.title"
      thing="equipment.assets.thing"
      rows={assets.data?.items}
      loading={assets.loading}
      readError={assets.error ?? types.error ?? tags.error ?? locations.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ name: '', asset_type_id: firstType ? String(firstType.id) : '', tag_id: '', location_id: '' }}
      valuesOf={(asset) => ({
        name: asset.name,
        asset_type_id: String(asset.asset_type_id),
        tag_id: asset.tag_id === null ? '' : String(asset.tag_id),
        location_id: asset.location_id === null ? '' : String(asset.location_id),
      })}
      nameOf={(asset) => asset.name}
      onCreate={(body) => rest.post('assets', body)}
      onUpdate={(asset, body) => rest.patch(`assets/${asset.id}`, body)}
      onDelete={(asset) => rest.remove(`assets/${asset.id}`)}
      afterWrite={assets.reload}
    />
  );
}
