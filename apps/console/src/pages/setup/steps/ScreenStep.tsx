import { hasScopes, scopesFor } from '@careboard/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { useConsoleIdentity } from '../../../auth/console-identity.ts';
import { PairScreenForm } from '../../../ui/PairScreenForm.tsx';
import { boardToPair, screenAddress } from '../setup-steps.ts';
import { StepFrame } from './StepFrame.tsx';
import type { StepProps } from './step-props.ts';

/**
 * Step 6: the address to open on the screen (the newest board, with the device flow), then the
 * code it shows, typed here (CON-37).
 */
export function ScreenStep({ heading, data, onDone }: StepProps) {
  const intl = useIntl();
  // Pairing is an admin's act (IDN-20): staff are told whom to ask instead of a form the server refuses.
  const mayPair = hasScopes(useConsoleIdentity().scopes, scopesFor('device.pair'));
  const board = boardToPair(data);
  const address = board ? screenAddress(window.location.origin, board.id) : '';
  return (
    <StepFrame
      heading={heading}
      help={intl.formatMessage({ id: 'setup.screen.help' }, { board: board?.name ?? '' })}
    >
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {intl.formatMessage({ id: 'setup.screen.address' })}
      </Typography>
      <Box
        component="code"
        data-testid="setup-screen-address"
        sx={{
          display: 'block',
          p: 1.5,
          mb: 2,
          bgcolor: 'grey.100',
          borderRadius: 1,
          wordBreak: 'break-all',
          fontSize: 16,
        }}
      >
        {address}
      </Box>
      {mayPair ? (
        <PairScreenForm onPaired={() => void onDone()} />
      ) : (
        <Alert severity="info">{intl.formatMessage({ id: 'setup.pair.adminsOnly' })}</Alert>
      )}
    </StepFrame>
  );
}
