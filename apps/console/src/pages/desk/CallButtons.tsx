import type { Station, Visit } from '@careboard/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { StationGroup } from './desk-data.ts';

/**
 * One button per station, under its location (product.md §9: one click per station). The visible
 * text is the station; the accessible name says whom to where: "Call Anna K. to Exam 2".
 */
export function CallButtons({
  visit,
  groups,
  onCall,
}: {
  readonly visit: Visit;
  readonly groups: readonly StationGroup[];
  readonly onCall: (station: Station) => void;
}) {
  const intl = useIntl();
  if (groups.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {intl.formatMessage({ id: 'desk.call.noStations' })}
      </Typography>
    );
  }
  return (
    <Stack spacing={1} sx={{ mt: 0.5 }}>
      {groups.map((group) => (
        <Stack
          key={group.location?.id ?? 0}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130 }}>
            {group.location?.name}
          </Typography>
          {group.stations.map((station) => (
            <Button
              key={station.id}
              size="small"
              variant={visit.station_id === station.id ? 'contained' : 'outlined'}
              aria-label={intl.formatMessage(
                { id: 'desk.call.button' },
                { name: visit.display_name, station: station.name },
              )}
              onClick={() => onCall(station)}
            >
              {station.name}
            </Button>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
