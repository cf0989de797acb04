import type { Phase, Station, Visit } from '@careboard/contracts';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { BadgeSelect } from './BadgeSelect.tsx';
import { CallButtons } from './CallButtons.tsx';
import { type BadgeTag, minutesSince, type StationGroup } from './desk-data.ts';
import { FullName } from './FullName.tsx';

export interface PatientActions {
  readonly onMove: (visit: Visit, phase: Phase) => void;
  readonly onCall: (visit: Visit, station: Station) => void;
  readonly onBadge: (visit: Visit, badgeId: number | null) => void;
  readonly onComplete: (visit: Visit) => void;
}

/**
 * One patient's actions: move to a phase, call to a station (one button each), change the badge,
 * complete. Each control's accessible name carries the patient's display name, so a screen reader
 * user hears whom a button acts on.
 */
export function PatientPanel({
  visit,
  phases,
  stations,
  badges,
  actions,
  canReadNames,
  now,
}: {
  readonly visit: Visit;
  readonly phases: readonly Phase[];
  readonly stations: readonly StationGroup[];
  readonly badges: readonly BadgeTag[];
  readonly actions: PatientActions;
  readonly canReadNames: boolean;
  readonly now: Date;
}) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const name = visit.display_name;
  const [phaseId, setPhaseId] = useState<number>(visit.phase_id);
  const [badgeId, setBadgeId] = useState<number | null>(visit.badge_id);
  const phase = phases.find((p) => p.id === visit.phase_id);
  const target = phases.find((p) => p.id === phaseId);

  return (
    <Paper component="section" aria-labelledby="desk-patient-heading" variant="outlined" sx={{ p: 2 }}>
      <Typography id="desk-patient-heading" component="h2" variant="h6">
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text('desk.panel.phase', {
          phase: phase?.name ?? '',
          minutes: minutesSince(visit.phase_entered_at, now),
        })}
        {' · '}
        {text('desk.panel.familyCode', { code: visit.family_code })}
      </Typography>
      {canReadNames && <FullName visit={visit} />}

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
        <TextField
          select
          size="small"
          label={text('desk.move.phase')}
          value={String(phaseId)}
          onChange={(event) => setPhaseId(Number(event.target.value))}
          sx={{ minWidth: 180 }}
        >
          {phases.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          aria-label={text('desk.move.submitFor', { name })}
          disabled={!target || target.id === visit.phase_id}
          onClick={() => target && actions.onMove(visit, target)}
        >
          {text('desk.move.submit')}
        </Button>
      </Stack>

      <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
        {text('desk.call.heading')}
      </Typography>
      <CallButtons visit={visit} groups={stations} onCall={(station) => actions.onCall(visit, station)} />

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
        <BadgeSelect
          label={text('desk.admit.badge')}
          value={badgeId}
          onChange={setBadgeId}
          badges={badges}
          ownBadgeId={visit.badge_id}
        />
        <Button
          variant="outlined"
          aria-label={text('desk.badge.changeFor', { name })}
          disabled={badgeId === visit.badge_id}
          onClick={() => actions.onBadge(visit, badgeId)}
        >
          {text('desk.badge.change')}
        </Button>
      </Stack>

      <Button
        variant="contained"
        color="secondary"
        sx={{ mt: 2 }}
        aria-label={text('desk.completeFor', { name })}
        onClick={() => actions.onComplete(visit)}
      >
        {text('desk.complete')}
      </Button>
    </Paper>
  );
}
