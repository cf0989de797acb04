import type { Department, Page, Workflow } from '@careboard/contracts';
import ListAlt from '@mui/icons-material/ListAlt';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { idField, nameField } from '../../ui/crud/form-schema.ts';
import { listPath, nameById, optionsOf, useRest } from '../../ui/crud/rest.ts';
import { PhasesEditor } from './PhasesEditor.tsx';

const schema = z.object({ name: nameField(120), department_id: idField() });

/**
 * Workflows, each in a department; a row's "Phases of …" button opens that workflow's ordered
 * phases below the list (decision CON-64).
 */
export function WorkflowsEditor() {
  const intl = useIntl();
  const rest = useRest();
  const workflows = useLiveQuery<Page<Workflow>>(listPath('workflows'), ['workflow']);
  const departments = useLiveQuery<Page<Department>>(listPath('departments'), ['department']);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = workflows.data?.items.find((workflow) => workflow.id === chosenId);
  const departmentName = useMemo(
    () => nameById(departments.data?.items, (department) => department.name),
    [departments.data],
  );
  const fields = useMemo<readonly CrudField[]>(
    () => [
      { name: 'name', label: 'careSetting.field.name', kind: 'text' },
      {
        name: 'department_id',
        label: 'careSetting.field.department',
        kind: 'select',
        options: optionsOf(departments.data?.items, (department) => department.name),
      },
    ],
    [departments.data],
  );
  const columns = useMemo<GridColDef<Workflow>[]>(
    () => [
      {
        field: 'name',
        headerName: intl.formatMessage({ id: 'careSetting.field.name' }),
        flex: 1,
        minWidth: 160,
      },
      {
        field: 'department_id',
        headerName: intl.formatMessage({ id: 'careSetting.field.department' }),
        flex: 1,
        minWidth: 140,
        valueGetter: (_value, row) => departmentName(row.department_id) ?? '',
      },
    ],
    [intl, departmentName],
  );
  const firstDepartment = departments.data?.items[0];
  return (
    <>
      <CrudSection<Workflow, z.output<typeof schema>>
        title="careSetting.workflows.title"
        thing="careSetting.workflows.thing"
        rows={workflows.data?.items}
        loading={workflows.loading}
        readError={workflows.error ?? departments.error}
        columns={columns}
        fields={fields}
        schema={schema}
        blank={{ name: '', department_id: firstDepartment ? String(firstDepartment.id) : '' }}
        valuesOf={(workflow) => ({ name: workflow.name, department_id: String(workflow.department_id) })}
        nameOf={(workflow) => workflow.name}
        onCreate={(body) => rest.post('workflows', body)}
        onUpdate={(workflow, body) => rest.patch(`workflows/${workflow.id}`, body)}
        onDelete={(workflow) => rest.remove(`workflows/${workflow.id}`)}
        afterWrite={(result) => {
          workflows.reload();
          // A new workflow opens its phases at once: the next thing to add.
          const created = result as { id?: unknown } | null;
          if (created && typeof created.id === 'number') setChosenId(created.id);
        }}
        rowActions={(workflow) => (
          <GridActionsCellItem
            icon={<ListAlt />}
            label={intl.formatMessage({ id: 'careSetting.workflows.showPhases' }, { name: workflow.name })}
            onClick={() => setChosenId(workflow.id)}
          />
        )}
      />
      {chosen ? (
        <PhasesEditor key={chosen.id} workflow={chosen} />
      ) : (
        <Typography color="text.secondary">
          {intl.formatMessage({ id: 'careSetting.workflows.choose' })}
        </Typography>
      )}
    </>
  );
}
