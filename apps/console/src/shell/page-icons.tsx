import BadgeIcon from '@mui/icons-material/Badge';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HubIcon from '@mui/icons-material/Hub';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import PeopleIcon from '@mui/icons-material/People';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import TvIcon from '@mui/icons-material/Tv';
import type { ReactElement } from 'react';
import type { ConsolePageId } from '../navigation/console-pages.ts';

/** Each page's icon: decoration beside its label, hidden from assistive technology. */
export const pageIcons: Readonly<Record<ConsolePageId, ReactElement>> = {
  setup: <RocketLaunchIcon aria-hidden />,
  boards: <DashboardIcon aria-hidden />,
  screens: <TvIcon aria-hidden />,
  desk: <BadgeIcon aria-hidden />,
  'care-setting': <LocalHospitalIcon aria-hidden />,
  equipment: <Inventory2Icon aria-hidden />,
  users: <PeopleIcon aria-hidden />,
  integrations: <HubIcon aria-hidden />,
};
