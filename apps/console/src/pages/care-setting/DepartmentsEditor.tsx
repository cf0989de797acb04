import type { Department, Page, Site } from '@careboard/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { idField, nameField } from '../../ui/crud/form-schema.ts';
import { listPath, nameById, optionsOf, useRest } from '../../ui/crud/rest.ts';

const schema = z.object({ name: nameField(120), site_id: idField() });

/** Departments, each in a site. */
export function DepartmentsEditor() {
  const intl = useIntl();
  const rest = useRest();
  const departments = useLiveQuery<Page<Department>>(listPath('departments'), ['department']);
  const sites = useLiveQuery<Page<Site>>(listPath('sites'), ['site']);
  const siteName = useMemo(() => nameById(sites.data?.items, (site) => site.name), [sites.data]);
  const fields = useMemo<readonly CrudField[]>(
    () => [
      { name: 'name', label: 'careSetting.field.name', kind: 'text' },
      {
        name: 'site_id',
        label: 'careSetting.field.site',
        kind: 'select',
        options: optionsOf(sites.data?.items, (site) => site.name),
      },
    ],
    [sites.data],
  );
  const columns = useMemo<GridColDef<Department>[]>(
    () => [
      {
        field: 'name',
        headerName: intl.formatMessage({ id: 'careSetting.field.name' }),
        flex: 1,
        minWidth: 160,
      },
      {
        field: 'site_id',
        headerName: intl.formatMessage({ id: 'careSetting.field.site' }),
        flex: 1,
        minWidth: 140,
        valueGetter: (_value, row) => siteName(row.site_id) ?? '',
      },
    ],
    [intl, siteName],
  );
  const firstSite = sites.data?.items[0];
  return (
    <CrudSection<Department, z.output<typeof schema>>
      title="careSetting.departments.title"
      thing="careSetting.departments.thing"
      rows={departments.data?.items}
      loading={departments.loading}
      readError={departments.error ?? sites.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ name: '', site_id: firstSite ? String(firstSite.id) : '' }}
      valuesOf={(department) => ({ name: department.name, site_id: String(department.site_id) })}
      nameOf={(department) => department.name}
      onCreate={(body) => rest.post('departments', body)}
      onUpdate={(department, body) => rest.patch(`departments/${department.id}`, body)}
      onDelete={(department) => rest.remove(`departments/${department.id}`)}
      afterWrite={departments.reload}
    />
  );
}
