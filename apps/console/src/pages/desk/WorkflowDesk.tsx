import type { Message, Page, Phase, Station, Visit, Workflow } from '@careboard/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLiveQuery } from '../../data/use-live-query.ts';
import type { useSocketActions } from '../../data/use-socket-actions.ts';
import { useConsoleRuntime } from '../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { AdmitForm } from './AdmitForm.tsx';
import type { Admission } from './admit-form.ts';
import { type BadgeTag, badgeLabelOf, type Named, stationsByLocation, visitsByPhase } from './desk-data.ts';
import { type MessageDraft, MessagesPanel } from './MessagesPanel.tsx';
import { PatientList } from './PatientList.tsx';
import { type PatientActions, PatientPanel } from './PatientPanel.tsx';
import { useNow } from './use-now.ts';

type Send = ReturnType<typeof useSocketActions>['send'];

/** Everything a visit list shows changes with these kinds (CON-26). */
const VISIT_KINDS = ['visit', 'call', 'phase', 'station', 'tag', 'location'];

/** One workflow's desk: admit, its patients by phase, the chosen patient's actions, messages. */
export function WorkflowDesk({
  workflow,
  workflows,
  boards,
  send,
  canReadNames,
}: {
  readonly workflow: Workflow;
  readonly workflows: readonly Workflow[];
  readonly boards: readonly Named[];
  readonly send: Send;
  readonly canReadNames: boolean;
}) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { http } = useConsoleRuntime();
  const now = useNow();
  const phases = useLiveQuery<Page<Phase>>(`workflows/${workflow.id}/phases?limit=200`, ['phase']);
  const visits = useLiveQuery<Page<Visit>>(`visits?workflow_id=${workflow.id}&limit=200`, VISIT_KINDS);
  const stations = useLiveQuery<Page<Station>>('stations?limit=200', ['station']);
  const locations = useLiveQuery<Page<Named>>('locations?limit=200', ['location']);
  const badges = useLiveQuery<Page<BadgeTag>>('tags?kind=patient_badge&limit=200', ['tag', 'visit']);
  const messages = useLiveQuery<Page<Message>>('messages?active=true&limit=200', ['message']);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(undefined);

  const phaseList = useMemo(
    () => [...(phases.data?.items ?? [])].sort((a, b) => a.position - b.position),
    [phases.data],
  );
  const groups = useMemo(() => visitsByPhase(phaseList, visits.data?.items ?? []), [phaseList, visits.data]);
  const stationGroups = useMemo(
    () => stationsByLocation(stations.data?.items ?? [], locations.data?.items ?? []),
    [stations.data, locations.data],
  );
  const badgeList = useMemo(
    () =>
      [...(badges.data?.items ?? [])].sort((a, b) =>
        a.label.localeCompare(b.label, undefined, { numeric: true }),
      ),
    [badges.data],
  );
  // A message past its expiry leaves the list without waiting for another change.
  const running = (messages.data?.items ?? []).filter(
    (message) => message.expires_at === null || new Date(message.expires_at) > now,
  );
  const selected = visits.data?.items.find((visit) => visit.id === selectedId);

  const admit = async (admission: Admission) => {
    const result = await send(
      'patient.admit',
      { ...admission, workflow_id: workflow.id },
      text('desk.outcome.admit', { name: `${admission.first_name} ${admission.last_name.charAt(0)}.` }),
    );
    if (result) setSelectedId(result.visit_id);
    return result !== undefined;
  };

  const actions: PatientActions = {
    onMove: (visit, phase) =>
      void send(
        'patient.move',
        { visit_id: visit.id, phase_id: phase.id },
        text('desk.outcome.move', { name: visit.display_name, phase: phase.name }),
      ),
    onCall: (visit, station) =>
      void send(
        'patient.call',
        { visit_id: visit.id, station_id: station.id },
        text('desk.outcome.call', { name: visit.display_name, station: station.name }),
      ),
    onBadge: (visit, badgeId) => {
      const label = badgeList.find((badge) => badge.badge_id === badgeId)?.label ?? '';
      void send(
        'patient.badge',
        { visit_id: visit.id, badge_id: badgeId },
        badgeId === null
          ? text('desk.outcome.badgeOff', { name: visit.display_name })
          : text('desk.outcome.badge', { name: visit.display_name, badge: label }),
      );
    },
    onComplete: (visit) =>
      void send(
        'patient.complete',
        { visit_id: visit.id },
        text('desk.outcome.complete', { name: visit.display_name }),
      ).then((result) => {
        if (result) setSelectedId(null);
      }),
  };

  const postMessage = async (draft: MessageDraft) =>
    (await send(
      'message.post',
      { text: draft.text, ...draft.target, expires_at: draft.expires_at },
      text('desk.outcome.message'),
    )) !== undefined;

  const deleteMessage = (message: Message) => {
    setFailure(undefined);
    http.sendJson('DELETE', `messages/${message.id}`, {}).then(() => messages.reload(), setFailure);
  };

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <ErrorAlert error={failure ?? visits.error} />
      <AdmitForm phases={phaseList} badges={badgeList} onAdmit={admit} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 2fr) 3fr' }, gap: 2 }}>
        <Paper component="section" aria-labelledby="desk-patients-heading" variant="outlined" sx={{ p: 2 }}>
          <Typography id="desk-patients-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
            {text('desk.patients.heading')}
          </Typography>
          <PatientList
            groups={groups}
            selectedId={selectedId}
            onSelect={setSelectedId}
            now={now}
            badgeLabel={(visit) => badgeLabelOf(visit, badgeList)}
          />
        </Paper>
        <Box>
          {selected ? (
            <PatientPanel
              key={selected.id}
              visit={selected}
              phases={phaseList}
              stations={stationGroups}
              badges={badgeList}
              actions={actions}
              canReadNames={canReadNames}
              now={now}
            />
          ) : (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography color="text.secondary">
                {text(selectedId === null ? 'desk.panel.none' : 'desk.panel.gone')}
              </Typography>
            </Paper>
          )}
        </Box>
      </Box>
      <MessagesPanel
        workflow={workflow}
        workflows={workflows}
        boards={boards}
        messages={running}
        onPost={postMessage}
        onDelete={deleteMessage}
      />
    </Stack>
  );
}
