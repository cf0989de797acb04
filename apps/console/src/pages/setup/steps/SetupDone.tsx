import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SetupData } from '../setup-steps.ts';
import { StepFrame } from './StepFrame.tsx';

/** Setup steps aside: what the customer has now, and where to change it (CON-38). */
export function SetupDone({ data }: { readonly data: SetupData }) {
  const intl = useIntl();
  const names = (items: readonly { readonly name: string }[]) =>
    intl.formatList(
      items.map((item) => item.name),
      { type: 'conjunction' },
    );
  const lines = [
    intl.formatMessage({ id: 'setup.done.sites' }, { names: names(data.sites) }),
    intl.formatMessage({ id: 'setup.done.departments' }, { names: names(data.departments) }),
    intl.formatMessage({ id: 'setup.done.workflows' }, { names: names(data.workflows) }),
    intl.formatMessage(
      { id: 'setup.done.places' },
      { locations: data.locations.length, stations: data.stations.length },
    ),
    intl.formatMessage({ id: 'setup.done.boards' }, { names: names(data.boards) }),
    intl.formatMessage({ id: 'setup.done.screens' }, { count: data.devices.length }),
  ];
  return (
    <StepFrame
      heading={intl.formatMessage({ id: 'setup.done.heading' })}
      help={intl.formatMessage({ id: 'setup.done.text' })}
    >
      <Box component="ul" sx={{ pl: 3, mb: 2 }}>
        {lines.map((line) => (
          <Typography component="li" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button component={Link} to="/boards" variant="contained">
          {intl.formatMessage({ id: 'setup.done.toBoards' })}
        </Button>
        <Button component={Link} to="/screens" variant="outlined">
          {intl.formatMessage({ id: 'setup.done.toScreens' })}
        </Button>
      </Box>
    </StepFrame>
  );
}
