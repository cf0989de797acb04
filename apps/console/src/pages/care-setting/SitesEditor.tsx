import type { Page, Site } from '@careboard/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { nameField } from '../../ui/crud/form-schema.ts';
import { listPath, useRest } from '../../ui/crud/rest.ts';

const schema = z.object({ name: nameField(120), default_timezone: nameField(64) });
const fields: readonly CrudField[] = [
  { name: 'name', label: 'careSetting.field.name', kind: 'text' },
  {
    name: 'default_timezone',
    label: 'careSetting.field.timeZone',
    kind: 'text',
    helper: 'careSetting.field.timeZoneHelp',
  },
];

/** Sites and their time zone (the boards' clocks and "today" follow it). */
export function SitesEditor() {
  const intl = useIntl();
  const rest = useRest();
  const sites = useLiveQuery<Page<Site>>(listPath('sites'), ['site']);
  const columns = useMemo<GridColDef<Site>[]>(
    () => [
      {
        field: 'name',
        headerName: intl.formatMessage({ id: 'careSetting.field.name' }),
        flex: 1,
        minWidth: 160,
      },
      {
        field: 'default_timezone',
        headerName: intl.formatMessage({ id: 'careSetting.field.timeZone' }),
        flex: 1,
        minWidth: 160,
      },
    ],
    [intl],
  );
  return (
    <CrudSection<Site, z.output<typeof schema>>
      title="careSetting.sites.title"
      thing="careSetting.sites.thing"
      rows={sites.data?.items}
      loading={sites.loading}
      readError={sites.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ name: '', default_timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }}
      valuesOf={(site) => ({ name: site.name, default_timezone: site.default_timezone })}
      nameOf={(site) => site.name}
      onCreate={(body) => rest.post('sites', body)}
      onUpdate={(site, body) => rest.patch(`sites/${site.id}`, body)}
      onDelete={(site) => rest.remove(`sites/${site.id}`)}
      afterWrite={sites.reload}
    />
  );
}
