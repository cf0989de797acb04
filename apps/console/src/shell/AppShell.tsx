import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet } from 'react-router';
import type { ConsoleIdentity } from '../auth/console-identity.ts';
import type { ConsolePage } from '../navigation/console-pages.ts';
import { NavigationMenu } from './NavigationMenu.tsx';
import { SkipLink } from './SkipLink.tsx';
import { TopBar } from './TopBar.tsx';

const MAIN_ID = 'main';

/** The frame of every console page: skip link, top bar, navigation, and the page in `main`. */
export function AppShell({
  identity,
  pages,
}: {
  readonly identity: ConsoleIdentity;
  readonly pages: readonly ConsolePage[];
}) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink target={MAIN_ID} />
      <TopBar identity={identity} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {pages.length > 0 && <NavigationMenu pages={pages} wide={wide} />}
        <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: 3, outline: 'none' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
