import type { Page, Phase, PointOfCare, Workflow } from '@careboard/contracts';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { optionalIdField, optionalTextField } from '../../ui/crud/form-schema.ts';
import { listPath, nameById, optionsOf, type Rest } from '../../ui/crud/rest.ts';
import { WorkflowChooser } from './WorkflowChooser.tsx';

/** PV1-3's components a mapping may name (FEED-63): point of care and, to narrow it, the others. */
const PLACE_FIELDS = ['point_of_care', 'room', 'bed', 'facility', 'building', 'floor'] as const;
const PLACE_LABELS = {
  point_of_care: 'adt.field.pointOfCare',
  room: 'adt.field.room',
  bed: 'adt.field.bed',
  facility: 'adt.field.placeFacility',
  building: 'adt.field.building',
  floor: 'adt.field.floor',
} as const;

const schema = z.object({
  point_of_care: optionalTextField(80),
  room: optionalTextField(80),
  bed: optionalTextField(80),
  facility: optionalTextField(80),
  building: optionalTextField(80),
  floor: optionalTextField(80),
  phase_id: optionalIdField(),
});

/** The components a mapping names, as one line: `ED`, `ED · room 3`. */
function placeOf(point: PointOfCare, label: (field: (typeof PLACE_FIELDS)[number]) => string): string {
  return PLACE_FIELDS.flatMap((field) => {
    const value = point[field];
    if (value === null) return [];
    return field === 'point_of_care' ? [value] : [`${label(field)} ${value}`];
  }).join(' · ');
}

/**
 * The patient places (PV1-3's components, matched without regard to case) that admit to one
 * workflow, chosen above the list, each with the phase of that workflow an A02 transfer moves
 * to, or none (decisions FEED-45, FEED-63).
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
      ...PLACE_FIELDS.map(
        (name): CrudField => ({
          name,
          label: PLACE_LABELS[name],
          kind: 'text',
          ...(name === 'point_of_care' ? { helper: 'adt.field.pointOfCareHelp' } : {}),
        }),
      ),
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
        headerName: intl.formatMessage({ id: 'adt.field.place' }),
        flex: 1,
        minWidth: 180,
        valueGetter: (_value, row) =>
          placeOf(row, (field) => intl.formatMessage({ id: `adt.place.${field}` })),
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
      blank={{ point_of_care: '', room: '', bed: '', facility: '', building: '', floor: '', phase_id: '' }}
      valuesOf={(point) => ({
        point_of_care: point.point_of_care ?? '',
        room: point.room ?? '',
        bed: point.bed ?? '',
        facility: point.facility ?? '',
        building: point.building ?? '',
        floor: point.floor ?? '',
        phase_id: point.phase_id === null ? '' : String(point.phase_id),
      })}
      nameOf={(point) => placeOf(point, (field) => intl.formatMessage({ id: `adt.place.${field}` }))}
      onCreate={(body) => rest.post('adt/points-of-care', { ...body, workflow_id: workflow?.id })}
      onUpdate={(point, body) => rest.patch(`adt/points-of-care/${point.id}`, body)}
      onDelete={(point) => rest.remove(`adt/points-of-care/${point.id}`)}
      afterWrite={points.reload}
    />
  );
}
