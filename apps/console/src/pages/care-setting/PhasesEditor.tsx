import { type Page, type Phase, phaseKinds, type Workflow } from '@careboard/contracts';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import type { MessageId } from '../../i18n/en-US.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { choiceField, nameField, optionalCountField, optionalTextField } from '../../ui/crud/form-schema.ts';
import { listPath, useRest } from '../../ui/crud/rest.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { minutesToSeconds, movedOrder, secondsToMinutes } from './phase-order.ts';

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const schema = z
  .object({
    name: nameField(120),
    kind: choiceField(phaseKinds),
    color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: 'IS_NOT_VALID' }),
    minutes: optionalCountField(10_080, 1),
    supplementary_announcement: optionalTextField(500),
  })
  .transform(({ minutes, ...phase }) => ({ ...phase, estimated_duration_sec: minutesToSeconds(minutes) }));

/**
 * A workflow's phases in their order. Move up and Move down are buttons (keyboard and screen
 * reader alike, decision CON-64); each move sends the whole order and says where the phase is now.
 */
export function PhasesEditor({ workflow }: { readonly workflow: Workflow }) {
  const intl = useIntl();
  const rest = useRest();
  const phases = useLiveQuery<Page<Phase>>(listPath(`workflows/${workflow.id}/phases`), [
    'phase',
    'workflow',
  ]);
  const [moved, setMoved] = useState('');
  const [moveError, setMoveError] = useState<unknown>(undefined);
  const rows = phases.data?.items;

  const fields = useMemo<readonly CrudField[]>(
    () => [
      { name: 'name', label: 'careSetting.field.name', kind: 'text' },
      {
        name: 'kind',
        label: 'careSetting.field.kind',
        kind: 'select',
        options: phaseKinds.map((kind) => ({
          value: kind,
          label: intl.formatMessage({ id: `careSetting.phaseKind.${kind}` as MessageId }),
        })),
      },
      { name: 'color', label: 'careSetting.field.color', kind: 'color' },
      {
        name: 'minutes',
        label: 'careSetting.field.minutes',
        kind: 'number',
        helper: 'careSetting.field.minutesHelp',
      },
      {
        name: 'supplementary_announcement',
        label: 'careSetting.field.announcement',
        kind: 'text',
        helper: 'careSetting.field.announcementHelp',
      },
    ],
    [intl],
  );

  const columns = useMemo<GridColDef<Phase>[]>(
    () => [
      {
        field: 'position',
        headerName: intl.formatMessage({ id: 'careSetting.field.position' }),
        width: 80,
        valueGetter: (value: number) => value + 1,
      },
      {
        field: 'name',
        headerName: intl.formatMessage({ id: 'careSetting.field.name' }),
        flex: 1,
        minWidth: 140,
      },
      {
        field: 'kind',
        headerName: intl.formatMessage({ id: 'careSetting.field.kind' }),
        width: 130,
        valueGetter: (value: string) =>
          intl.formatMessage({ id: `careSetting.phaseKind.${value}` as MessageId }),
      },
      {
        field: 'color',
        headerName: intl.formatMessage({ id: 'careSetting.field.color' }),
        width: 110,
        renderCell: ({ value }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
            <Box
              aria-hidden
              sx={{
                width: 16,
                height: 16,
                borderRadius: 0.5,
                bgcolor: value,
                border: 1,
                borderColor: 'grey.600',
              }}
            />
            {value}
          </Box>
        ),
      },
      {
        field: 'estimated_duration_sec',
        headerName: intl.formatMessage({ id: 'careSetting.field.minutes' }),
        width: 140,
        valueGetter: (value: number | null) => secondsToMinutes(value),
      },
    ],
    [intl],
  );

  const move = async (phase: Phase, delta: -1 | 1) => {
    if (!rows) return;
    const ids = rows.map((row) => row.id);
    const index = ids.indexOf(phase.id);
    const order = movedOrder(ids, index, delta);
    setMoveError(undefined);
    try {
      await rest.put(`workflows/${workflow.id}/phases/order`, { phase_ids: order });
      setMoved(
        intl.formatMessage(
          { id: 'careSetting.phases.moved' },
          { name: phase.name, position: order.indexOf(phase.id) + 1, count: order.length },
        ),
      );
      phases.reload();
    } catch (error) {
      setMoveError(error);
    }
  };

  const last = (rows?.length ?? 0) - 1;
  return (
    <>
      <CrudSection<Phase, z.output<typeof schema>>
        title="careSetting.phases.title"
        titleValues={{ name: workflow.name }}
        thing="careSetting.phases.thing"
        rows={rows}
        loading={phases.loading}
        readError={phases.error}
        columns={columns}
        fields={fields}
        schema={schema}
        blank={{ name: '', kind: 'waiting', color: '#1565c0', minutes: '', supplementary_announcement: '' }}
        valuesOf={(phase) => ({
          name: phase.name,
          kind: phase.kind,
          color: phase.color,
          minutes: secondsToMinutes(phase.estimated_duration_sec),
          supplementary_announcement: phase.supplementary_announcement ?? '',
        })}
        nameOf={(phase) => phase.name}
        onCreate={(body) => rest.post(`workflows/${workflow.id}/phases`, body)}
        onUpdate={(phase, body) => rest.patch(`phases/${phase.id}`, body)}
        onDelete={(phase) => rest.remove(`phases/${phase.id}`)}
        afterWrite={phases.reload}
        rowActions={(phase) => [
          <GridActionsCellItem
            key="up"
            icon={<ArrowUpward />}
            label={intl.formatMessage({ id: 'careSetting.phases.up' }, { name: phase.name })}
            disabled={phase.position === 0}
            onClick={() => move(phase, -1)}
          />,
          <GridActionsCellItem
            key="down"
            icon={<ArrowDownward />}
            label={intl.formatMessage({ id: 'careSetting.phases.down' }, { name: phase.name })}
            disabled={phase.position >= last}
            onClick={() => move(phase, 1)}
          />,
        ]}
      />
      <ErrorAlert error={moveError} />
      {/* Where a moved phase now is, read out without moving the focus. */}
      <Box role="status" sx={visuallyHidden}>
        {moved}
      </Box>
    </>
  );
}
