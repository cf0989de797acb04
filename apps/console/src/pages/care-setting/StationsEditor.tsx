import type { Location, Page, Station } from '@careboard/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { idField, nameField } from '../../ui/crud/form-schema.ts';
import { listPath, nameById, optionsOf, useRest } from '../../ui/crud/rest.ts';

const schema = z.object({ name: nameField(120), location_id: idField() });

/** Stations patients are called to, each in a location. */
export function StationsEditor() {
  const intl = useIntl();
  const rest = useRest();
  const stations = useLiveQuery<Page<Station>>(listPath('stations'), ['station']);
  const locations = useLiveQuery<Page<Location>>(listPath('locations'), ['location']);
  const locationName = useMemo(
    () => nameById(locations.data?.items, (location) => location.name),
    [locations.data],
  );
  const fields = useMemo<readonly CrudField[]>(
    () => [
      { name: 'name', label: 'careSetting.field.name', kind: 'text' },
      {
        name: 'location_id',
        label: 'careSetting.field.location',
        kind: 'select',
        options: optionsOf(locations.data?.items, (location) => location.name),
      },
    ],
    [locations.data],
  );
  const columns = useMemo<GridColDef<Station>[]>(
    () => [
      {
        field: 'name',
        headerName: intl.formatMessage({ id: 'careSetting.field.name' }),
        flex: 1,
        minWidth: 160,
      },
      {
        field: 'location_id',
        headerName: intl.formatMessage({ id: 'careSetting.field.location' }),
        flex: 1,
        minWidth: 140,
        valueGetter: (_value, row) => locationName(row.location_id) ?? '',
      },
    ],
    [intl, locationName],
  );
  const firstLocation = locations.data?.items[0];
  return (
    <CrudSection<Station, z.output<typeof schema>>
      title="careSetting.stations.title"
      thing="careSetting.stations.thing"
      rows={stations.data?.items}
      loading={stations.loading}
      readError={stations.error ?? locations.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ name: '', location_id: firstLocation ? String(firstLocation.id) : '' }}
      valuesOf={(station) => ({ name: station.name, location_id: String(station.location_id) })}
      nameOf={(station) => station.name}
      onCreate={(body) => rest.post('stations', body)}
      onUpdate={(station, body) => rest.patch(`stations/${station.id}`, body)}
      onDelete={(station) => rest.remove(`stations/${station.id}`)}
      afterWrite={stations.reload}
    />
  );
}
