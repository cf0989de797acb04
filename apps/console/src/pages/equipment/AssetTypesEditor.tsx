import type { AssetType, Page } from '@careboard/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { nameField } from '../../ui/crud/form-schema.ts';
import { listPath, useRest } from '../../ui/crud/rest.ts';

const schema = z.object({ name: nameField(120) });
const fields: readonly CrudField[] = [{ name: 'name', label: 'equipment.field.name', kind: 'text' }];

/** Asset types; one that assets or PAR levels use is refused deletion (ASSET_TYPE_IS_IN_USE). */
export function AssetTypesEditor() {
  const intl = useIntl();
  const rest = useRest();
  const types = useLiveQuery<Page<AssetType>>(listPath('asset-types'), ['asset_type']);
  const columns = useMemo<GridColDef<AssetType>[]>(
    () => [
      {
        field: 'name',
        headerName: intl.formatMessage({ id: 'equipment.field.name' }),
        flex: 1,
        minWidth: 200,
      },
    ],
    [intl],
  );
  return (
    <CrudSection<AssetType, z.output<typeof schema>>
      title="equipment.assetTypes.title"
      thing="equipment.assetTypes.thing"
      rows={types.data?.items}
      loading={types.loading}
      readError={types.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ name: '' }}
      valuesOf={(type) => ({ name: type.name })}
      nameOf={(type) => type.name}
      onCreate={(body) => rest.post('asset-types', body)}
      onUpdate={(type, body) => rest.patch(`asset-types/${type.id}`, body)}
      onDelete={(type) => rest.remove(`asset-types/${type.id}`)}
      afterWrite={types.reload}
    />
  );
}
