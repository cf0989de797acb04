import type { Page, Phase, PointOfCare, Workflow } from '@careboard/contracts';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { nameField, optionalIdField } from '../../ui/crud/form-schema.ts';
import { listPath, nameById, optionsOf, type Rest } from '../../ui/crud/rest.ts';
import { WorkflowChooser } from './WorkflowChooser.tsx';

const schema = z.object({ point_of_care: nameField(80), phase_id: optionalIdField() });

/**
 * The points of care (PV1-3.1) that admit to one workflow, chosen above the list, each with the
 * phase of that workflow an A02 transfer moves to, or none (decision FEED-45).
 */
export function AdtPointsOfCare({
  workflows,
  workflowsError,
  rest,
}: {
  readonly workflows: readonly Workflow[] | undefined;
  readonly workflowsError: unknown;
  readonly rest: Rest;
}) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<number | null>(null);
  const workflow = workflows?.find((row) => row.id === chosen) ?? workflows?.[0];
  const points = useLiveQuery<Page<PointOfCare>>(
    workflow ? listPath('adt/points-of-care', { workflow_id: workflow.id }) : null,
    ['adt_point_of_care', 'workflow', 'phase'],
  );
  const phases = useLiveQuery<Page<Phase>>(workflow ? listPath(`workflows/${workflow.id}/phases`) : null, [
    'phase',
    'workflow',
  ]);
  const phaseName = useMemo(() => nameById(phases.data?.items, (phase) => phase.name), [phases.data]);
  const fields = useMemo<readonly CrudField[]>(
    () => [
      {
        name: 'point_of_care',
        label: 'adt.field.pointOfCare',
        kind: 'text',
        helper: 'adt.field.pointOfCareHelp',
      },
      {
        name: 'phase_id',
        label: 'adt.field.phase',
        kind: 'select',
        allowNone: true,
        helper: 'adt.field.phaseHelp',
        options: optionsOf(phases.data?.items, (phase) => phase.name),
      },
    ],
    [phases.data],
  );
  const columns = useMemo<GridColDef<PointOfCare>[]>(
    () => [
      {
        field: 'point_of_care',
        headerName: intl.formatMessage({ id: 'adt.field.pointOfCare' }),
        flex: 1,
        minWidth: 180,
      },
      {
        field: 'phase_id',
        headerName: intl.formatMessage({ id: 'adt.field.phase' }),
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) =>
          row.phase_id === null
            ? intl.formatMessage({ id: 'adt.noPhase' })
            : (phaseName(row.phase_id) ?? String(row.phase_id)),
      },
    ],
    [intl, phaseName],
  );

  if (workflows && !workflow) {
    return <Typography sx={{ mb: 3 }}>{intl.formatMessage({ id: 'feedRules.noWorkflow' })}</Typography>;
  }
  return (
    <CrudSection<PointOfCare, z.output<typeof schema>>
      title="adt.points.title"
      thing="adt.points.thing"
      toolbar={
        <WorkflowChooser
          label="adt.field.workflow"
          workflows={workflows}
          value={workflow}
          onChange={setChosen}
        />
      }
      rows={points.data?.items}
      loading={points.loading}
      readError={points.error ?? workflowsError ?? phases.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ point_of_care: '', phase_id: '' }}
      valuesOf={(point) => ({
        point_of_care: point.point_of_care,
        phase_id: point.phase_id === null ? '' : String(point.phase_id),
      })}
      nameOf={(point) => point.point_of_care}
      onCreate={(body) => rest.post('adt/points-of-care', { ...body, workflow_id: workflow?.id })}
      onUpdate={(point, body) => rest.patch(`adt/points-of-care/${point.id}`, body)}
      onDelete={(point) => rest.remove(`adt/points-of-care/${point.id}`)}
      afterWrite={points.reload}
    />
  );
}
