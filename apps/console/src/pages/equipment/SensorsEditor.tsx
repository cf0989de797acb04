import type { Page, Sensor } from '@careboard/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { idField, nameField } from '../../ui/crud/form-schema.ts';
import { listPath, nameById, optionsOf, useRest } from '../../ui/crud/rest.ts';
import type { LocationName } from './equipment-records.ts';

const schema = z.object({ identifier: nameField(100), name: nameField(120), location_id: idField() });

/** RTLS sensors fixed in locations; an identifier already used is SENSOR_IS_IN_USE. */
export function SensorsEditor() {
  const intl = useIntl();
  const rest = useRest();
  const sensors = useLiveQuery<Page<Sensor>>(listPath('sensors'), ['sensor']);
  const locations = useLiveQuery<Page<LocationName>>(listPath('locations'), ['location']);
  const locationName = useMemo(
    () => nameById(locations.data?.items, (location) => location.name),
    [locations.data],
  );
  const fields = useMemo<readonly CrudField[]>(
    () => [
      {
        name: 'identifier',
        label: 'equipment.field.identifier',
        kind: 'text',
        helper: 'equipment.field.identifierHelp',
      },
      { name: 'name', label: 'equipment.field.name', kind: 'text' },
      {
        name: 'location_id',
        label: 'equipment.field.location',
        kind: 'select',
        options: optionsOf(locations.data?.items, (location) => location.name),
      },
    ],
    [locations.data],
  );
  const columns = useMemo<GridColDef<Sensor>[]>(
    () => [
      {
        field: 'identifier',
        headerName: intl.formatMessage({ id: 'equipment.field.identifier' }),
        flex: 1,
        minWidth: 130,
      },
      {
        field: 'name',
        headerName: intl.formatMessage({ id: 'equipment.field.name' }),
        flex: 1,
        minWidth: 150,
      },
      {
        field: 'location_id',
        headerName: intl.formatMessage({ id: 'equipment.field.location' }),
        flex: 1,
        minWidth: 140,
        valueGetter: (_value, row) => locationName(row.location_id) ?? '',
      },
    ],
    [intl, locationName],
  );
  const firstLocation = locations.data?.items[0];
  return (
    <CrudSection<Sensor, z.output<typeof schema>>
      title="equipment.sensors.title"
      thing="equipment.sensors.thing"
      rows={sensors.data?.items}
      loading={sensors.loading}
      readError={sensors.error ?? locations.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ identifier: '', name: '', location_id: firstLocation ? String(firstLocation.id) : '' }}
      valuesOf={(sensor) => ({
        identifier: sensor.identifier,
        name: sensor.name,
        location_id: String(sensor.location_id),
      })}
      nameOf={(sensor) => sensor.name}
      onCreate={(body) => rest.post('sensors', body)}
      onUpdate={(sensor, body) => rest.patch(`sensors/${sensor.id}`, body)}
      onDelete={(sensor) => rest.remove(`sensors/${sensor.id}`)}
      afterWrite={sensors.reload}
    />
  );
}
