import { type Location, locationKinds, type Page } from '@careboard/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import type { MessageId } from '../../i18n/en-US.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { choiceField, nameField } from '../../ui/crud/form-schema.ts';
import { listPath, useRest } from '../../ui/crud/rest.ts';

const schema = z.object({ name: nameField(120), kind: choiceField(locationKinds) });

/** Locations (rooms, bays, storage) and their kind. Deleting one removes its sensors and PAR levels (CON-67). */
export function LocationsEditor() {
  const intl = useIntl();
  const rest = useRest();
  const locations = useLiveQuery<Page<Location>>(listPath('locations'), ['location']);
  const kindText = useMemo(
    () => (kind: string) => intl.formatMessage({ id: `careSetting.locationKind.${kind}` as MessageId }),
    [intl],
  );
  const fields = useMemo<readonly CrudField[]>(
    () => [
      { name: 'name', label: 'careSetting.field.name', kind: 'text' },
      {
        name: 'kind',
        label: 'careSetting.field.kind',
        kind: 'select',
        options: locationKinds.map((kind) => ({ value: kind, label: kindText(kind) })),
      },
    ],
    [kindText],
  );
  const columns = useMemo<GridColDef<Location>[]>(
    () => [
      {
        field: 'name',
        headerName: intl.formatMessage({ id: 'careSetting.field.name' }),
        flex: 1,
        minWidth: 160,
      },
      {
        field: 'kind',
        headerName: intl.formatMessage({ id: 'careSetting.field.kind' }),
        flex: 1,
        minWidth: 140,
        valueGetter: (value: string) => kindText(value),
      },
    ],
    [intl, kindText],
  );
  return (
    <CrudSection<Location, z.output<typeof schema>>
      title="careSetting.locations.title"
      thing="careSetting.locations.thing"
      rows={locations.data?.items}
      loading={locations.loading}
      readError={locations.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ name: '', kind: 'exam_room' }}
      valuesOf={(location) => ({ name: location.name, kind: location.kind })}
      nameOf={(location) => location.name}
      onCreate={(body) => rest.post('locations', body)}
      onUpdate={(location, body) => rest.patch(`locations/${location.id}`, body)}
      onDelete={(location) => rest.remove(`locations/${location.id}`)}
      afterWrite={locations.reload}
    />
  );
}
