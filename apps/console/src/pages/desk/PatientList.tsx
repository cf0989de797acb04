import type { Visit } from '@careboard/contracts';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { minutesSince, type PhaseGroup } from './desk-data.ts';

/**
 * The workflow's patients under its phases. Each patient is one button: pressing it opens their
 * actions beside the list (decision CON-53), so one row never carries a dozen call buttons.
 */
export function PatientList({
  groups,
  selectedId,
  onSelect,
  now,
  badgeLabel,
}: {
  readonly groups: readonly PhaseGroup[];
  readonly selectedId: number | null;
  readonly onSelect: (visitId: number) => void;
  readonly now: Date;
  /** The label a badge is chosen by (decision CON-55). */
  readonly badgeLabel: (visit: Visit) => string | null;
}) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const badgeText = (visit: Visit) => {
    const label = badgeLabel(visit);
    return label === null ? text('desk.patient.noBadge') : text('desk.patient.badge', { label });
  };
  return (
    <Box>
      {groups.map(({ phase, visits }) => (
        <Box key={phase.id} component="section" aria-labelledby={`desk-phase-${phase.id}`} sx={{ mb: 1.5 }}>
          <Typography
            id={`desk-phase-${phase.id}`}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, borderLeft: 6, borderColor: phase.color, pl: 1 }}
          >
            {phase.name}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({text('desk.patients.count', { count: visits.length })})
            </Typography>
          </Typography>
          {visits.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ pl: 2, py: 0.5 }}>
              {text('desk.patients.emptyPhase')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {visits.map((visit) => (
                <ListItem key={visit.id} disablePadding>
                  <ListItemButton
                    selected={visit.id === selectedId}
                    aria-pressed={visit.id === selectedId}
                    onClick={() => onSelect(visit.id)}
                  >
                    <ListItemText
                      primary={visit.display_name}
                      secondary={`${badgeText(visit)} · ${text('desk.patient.inPhase', {
                        minutes: minutesSince(visit.phase_entered_at, now),
                      })}`}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      ))}
    </Box>
  );
}
