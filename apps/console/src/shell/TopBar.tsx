import { PRODUCT_VERSION } from '@careboard/contracts';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { ConsoleIdentity } from '../auth/console-identity.ts';

/** Product name and version (what a support call asks first), the customer, who is signed in, and the way out. */
export function TopBar({ identity }: { readonly identity: ConsoleIdentity }) {
  const intl = useIntl();
  return (
    <AppBar
      position="static"
      elevation={0}
      sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: 3 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 600 }}>
          {intl.formatMessage({ id: 'app.name' })}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {intl.formatMessage({ id: 'shell.version' }, { version: PRODUCT_VERSION })}
        </Typography>
        <Typography color="text.secondary">
          {intl.formatMessage({ id: 'shell.customer' }, { customer: identity.customerId })}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Typography>{intl.formatMessage({ id: 'shell.signedInAs' }, { name: identity.name })}</Typography>
        <Button variant="outlined" startIcon={<LogoutIcon aria-hidden />} onClick={() => identity.signOut()}>
          {intl.formatMessage({ id: 'auth.signOut' })}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
