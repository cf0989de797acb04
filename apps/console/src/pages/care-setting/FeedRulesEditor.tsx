import {
  type FeedRule,
  type Location,
  locationKinds,
  type Page,
  type Phase,
  type Workflow,
} from '@careboard/contracts';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import type { MessageId } from '../../i18n/en-US.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { idField } from '../../ui/crud/form-schema.ts';
import { listPath, nameById, optionsOf, useRest } from '../../ui/crud/rest.ts';
import { placeBody, placeValue } from './feed-rule-place.ts';
import { WorkflowChooser } from './WorkflowChooser.tsx';

const schema = z
  .object({ place: z.string().min(1, { error: 'IS_REQUIRED' }), phase_id: idField() })
  .transform(({ place, phase_id }) => ({ ...placeBody(place), phase_id }));

/**
 * A workflow's RTLS rules (decisions FEED-43 to FEED-45): when a patient badge enters a location
 * of a kind, or one location, the visit moves to a phase. One workflow at a time, chosen above the
 * list.
 */
export function FeedRulesEditor() {
  const intl = useIntl();
  const rest = useRest();
  const workflows = useLiveQuery<Page<Workflow>>(listPath('workflows'), ['workflow']);
  const locations = useLiveQuery<Page<Location>>(listPath('locations'), ['location']);
  const [chosen, setChosen] = useState<number | null>(null);
  const workflow = workflows.data?.items.find((row) => row.id === chosen) ?? workflows.data?.items[0];
  const rules = useLiveQuery<Page<FeedRule>>(
    workflow ? listPath('feed-rules', { workflow_id: workflow.id }) : null,
    ['feed_rule', 'phase', 'location', 'workflow'],
  );
  const phases = useLiveQuery<Page<Phase>>(workflow ? listPath(`workflows/${workflow.id}/phases`) : null, [
    'phase',
    'workflow',
  ]);

  const placeOptions = useMemo(
    () => [
      ...locationKinds.map((kind) => ({
        value: `kind:${kind}`,
        label: intl.formatMessage(
          { id: 'feedRules.place.kind' },
          { kind: intl.formatMessage({ id: `careSetting.locationKind.${kind}` as MessageId }) },
        ),
      })),
      ...(locations.data?.items ?? []).map((location) => ({
        value: `location:${location.id}`,
        label: intl.formatMessage({ id: 'feedRules.place.location' }, { name: location.name }),
      })),
    ],
    [intl, locations.data],
  );
  const placeName = useMemo(() => {
    const labels = new Map(placeOptions.map((option) => [option.value, option.label]));
    return (rule: FeedRule) => labels.get(placeValue(rule)) ?? placeValue(rule);
  }, [placeOptions]);
  const phaseName = useMemo(() => nameById(phases.data?.items, (phase) => phase.name), [phases.data]);

  const fields = useMemo<readonly CrudField[]>(
    () => [
      { name: 'place', label: 'feedRules.field.place', kind: 'select', options: placeOptions },
      {
        name: 'phase_id',
        label: 'feedRules.field.phase',
        kind: 'select',
        options: optionsOf(phases.data?.items, (phase) => phase.name),
      },
    ],
    [placeOptions, phases.data],
  );
  const columns = useMemo<GridColDef<FeedRule>[]>(
    () => [
      {
        field: 'place',
        headerName: intl.formatMessage({ id: 'feedRules.field.place' }),
        flex: 1,
        minWidth: 220,
        valueGetter: (_value, row) => placeName(row),
      },
      {
        field: 'phase_id',
        headerName: intl.formatMessage({ id: 'feedRules.field.phase' }),
        flex: 1,
        minWidth: 160,
        valueGetter: (_value, row) => phaseName(row.phase_id) ?? '',
      },
    ],
    [intl, placeName, phaseName],
  );

  const intro = (
    <Typography sx={{ maxWidth: '70ch', mb: 2 }}>{intl.formatMessage({ id: 'feedRules.intro' })}</Typography>
  );
  if (workflows.data && !workflow) {
    return (
      <>
        {intro}
        <Typography>{intl.formatMessage({ id: 'feedRules.noWorkflow' })}</Typography>
      </>
    );
  }
  const firstPhase = phases.data?.items[0];
  const ruleName = (rule: FeedRule) =>
    intl.formatMessage(
      { id: 'feedRules.ruleName' },
      { place: placeName(rule), phase: phaseName(rule.phase_id) ?? '' },
    );
  return (
    <>
      {intro}
      <CrudSection<FeedRule, z.output<typeof schema>>
        title="feedRules.title"
        titleValues={{ name: workflow?.name ?? '' }}
        thing="feedRules.thing"
        toolbar={
          <WorkflowChooser
            label="feedRules.workflow"
            workflows={workflows.data?.items}
            value={workflow}
            onChange={setChosen}
          />
        }
        rows={rules.data?.items}
        loading={rules.loading || workflows.loading}
        readError={rules.error ?? workflows.error ?? locations.error ?? phases.error}
        columns={columns}
        fields={fields}
        schema={schema}
        blank={{ place: `kind:${locationKinds[0]}`, phase_id: firstPhase ? String(firstPhase.id) : '' }}
        valuesOf={(rule) => ({ place: placeValue(rule), phase_id: String(rule.phase_id) })}
        nameOf={ruleName}
        onCreate={(body) => rest.post('feed-rules', { ...body, workflow_id: workflow?.id })}
        onUpdate={(rule, body) => rest.patch(`feed-rules/${rule.id}`, body)}
        onDelete={(rule) => rest.remove(`feed-rules/${rule.id}`)}
        afterWrite={rules.reload}
      />
    </>
  );
}
