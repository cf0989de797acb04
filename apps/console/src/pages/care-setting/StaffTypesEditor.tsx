import type { Page, StaffType } from '@careboard/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { nameField, optionalTextField } from '../../ui/crud/form-schema.ts';
import { listPath, useRest } from '../../ui/crud/rest.ts';

const schema = z.object({ name: nameField(60), abbreviation: optionalTextField(10) });
const fields: readonly CrudField[] = [
  { name: 'name', label: 'careSetting.field.name', kind: 'text' },
  { name: 'abbreviation', label: 'careSetting.field.abbreviation', kind: 'text' },
];

/** The customer's fixed set of staff types: renamed here, never added or removed (the API has 50). */
export function StaffTypesEditor() {
  const intl = useIntl();
  const rest = useRest();
  const types = useLiveQuery<Page<StaffType>>(listPath('staff-types'), ['staff_type']);
  const columns = useMemo<GridColDef<StaffType>[]>(
    () => [
      {
        field: 'name',
        headerName: intl.formatMessage({ id: 'careSetting.field.name' }),
        flex: 1,
        minWidth: 160,
      },
      {
        field: 'abbreviation',
        headerName: intl.formatMessage({ id: 'careSetting.field.abbreviation' }),
        width: 160,
      },
    ],
    [intl],
  );
  return (
    <CrudSection<StaffType, z.output<typeof schema>>
      title="careSetting.staffTypes.title"
      thing="careSetting.staffTypes.thing"
      rows={types.data?.items}
      loading={types.loading}
      readError={types.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ name: '', abbreviation: '' }}
      valuesOf={(type) => ({ name: type.name, abbreviation: type.abbreviation ?? '' })}
      nameOf={(type) => type.name}
      onUpdate={(type, body) => rest.patch(`staff-types/${type.id}`, body)}
      afterWrite={types.reload}
    />
  );
}
