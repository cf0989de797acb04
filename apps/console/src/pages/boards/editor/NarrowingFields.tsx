import type { Location, Page, Phase, Workflow } from '@careboard/contracts';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { ALL } from '../board-data.ts';
import type { BoardFormValues } from './board-form.ts';
import { MultiSelect } from './MultiSelect.tsx';

/**
 * Which workflows, phases and locations the board shows, as the API allows: workflows of
 * the chosen department, phases of the chosen workflows (the server refuses others with
 * IS_NOT_VALID phase_ids), any location (decision CON-47).
 */
export function NarrowingFields({
  workflows,
  locations,
}: {
  readonly workflows: readonly Workflow[];
  readonly locations: readonly Location[];
}) {
  const intl = useIntl();
  const { control } = useFormContext<BoardFormValues>();
  const departmentId = useWatch({ control, name: 'department_id' });
  const workflowIds = useWatch({ control, name: 'workflow_ids' });
  const phases = usePhasesOf(workflowIds);
  const text = (id: string) => intl.formatMessage({ id });
  const ofDepartment = workflows.filter(
    (workflow) => workflow.department_id === departmentId || workflowIds.includes(workflow.id),
  );
  const workflowName = new Map(workflows.map((workflow) => [workflow.id, workflow.name]));
  const phaseOptions = phases.map((phase) => ({
    id: phase.id,
    name: workflowIds.length > 1 ? `${workflowName.get(phase.workflow_id) ?? ''}: ${phase.name}` : phase.name,
  }));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <MultiSelect
        name="workflow_ids"
        label={text('boards.field.workflows')}
        help={text('boards.field.workflows.help')}
        options={ofDepartment}
      />
      <MultiSelect
        name="phase_ids"
        label={text('boards.field.phases')}
        help={text('boards.field.phases.help')}
        options={phaseOptions}
      />
      <MultiSelect
        name="location_ids"
        label={text('boards.field.locations')}
        help={text('boards.field.locations.help')}
        options={locations}
      />
    </Box>
  );
}

/** The phases of these workflows, in workflow then phase order. */
function usePhasesOf(workflowIds: readonly number[]): readonly Phase[] {
  const runtime = useConsoleRuntime();
  const [phases, setPhases] = useState<readonly Phase[]>([]);
  const key = workflowIds.join(',');
  useEffect(() => {
    let current = true;
    const ids = key === '' ? [] : key.split(',');
    Promise.all(
      ids.map((id) => runtime.http.getJson(`workflows/${id}/phases?${ALL}`) as Promise<Page<Phase>>),
    )
      .then((pages) => {
        if (current) setPhases(pages.flatMap((page) => page.items));
      })
      .catch(() => {
        // The list stays as it was; the save answers with the catalogue's text if a phase is wrong.
      });
    return () => {
      current = false;
    };
  }, [runtime, key]);
  return phases;
}
