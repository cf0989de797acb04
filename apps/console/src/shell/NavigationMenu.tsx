import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { ConsolePage } from '../navigation/console-pages.ts';
import { pageIcons } from './page-icons.tsx';

/** The wide menu's width, and the rail's below the `lg` breakpoint (1200 px; decision CON-04). */
export const MENU_WIDTH = 232;
export const RAIL_WIDTH = 96;

function isCurrent(pathname: string, page: ConsolePage): boolean {
  return pathname === `/${page.path}` || pathname.startsWith(`/${page.path}/`);
}

/**
 * The console's navigation landmark: one link per visible page, its label its
 * accessible name. Wide windows get a labelled menu; narrower ones (a 1024×768
 * tablet) a rail with the label under the icon (decision CON-04). Both are the
 * same links, always in the page: nothing to open first, and Tab reaches them all.
 */
export function NavigationMenu({
  pages,
  wide,
}: {
  readonly pages: readonly ConsolePage[];
  readonly wide: boolean;
}) {
  const intl = useIntl();
  const { pathname } = useLocation();
  return (
    <Paper
      component="nav"
      square
      elevation={0}
      aria-label={intl.formatMessage({ id: 'shell.navigation' })}
      sx={{ width: wide ? MENU_WIDTH : RAIL_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}
    >
      <List>
        {pages.map((page) => {
          const current = isCurrent(pathname, page);
          return (
            <li key={page.id}>
              <ListItemButton
                component={Link}
                to={`/${page.path}`}
                selected={current}
                aria-current={current ? 'page' : undefined}
                sx={
                  wide
                    ? { mx: 1, borderRadius: 1 }
                    : { flexDirection: 'column', textAlign: 'center', mx: 0.5, px: 0.5, borderRadius: 1 }
                }
              >
                <ListItemIcon sx={wide ? {} : { minWidth: 0, color: 'inherit' }}>
                  {pageIcons[page.id]}
                </ListItemIcon>
                <ListItemText
                  primary={intl.formatMessage({ id: page.label })}
                  slotProps={{ primary: wide ? {} : { variant: 'caption', sx: { lineHeight: 1.2 } } }}
                />
              </ListItemButton>
            </li>
          );
        })}
      </List>
    </Paper>
  );
}
