import CheckCircle from '@mui/icons-material/CheckCircle';
import DoNotDisturb from '@mui/icons-material/DoNotDisturb';
import HighlightOff from '@mui/icons-material/HighlightOff';
import Chip from '@mui/material/Chip';
import { useIntl } from 'react-intl';
import type { ScreenStatus } from './screen-rows.ts';

const looks = {
  online: { color: 'success', icon: <CheckCircle aria-hidden /> },
  offline: { color: 'default', icon: <HighlightOff aria-hidden /> },
  revoked: { color: 'default', icon: <DoNotDisturb aria-hidden /> },
} as const;

/** Online, offline or revoked in words and an icon, never by colour alone. */
export function ScreenStatusChip({ status }: { readonly status: ScreenStatus }) {
  const intl = useIntl();
  const look = looks[status];
  return (
    <Chip
      size="small"
      variant={status === 'online' ? 'filled' : 'outlined'}
      color={look.color}
      icon={look.icon}
      label={intl.formatMessage({ id: `screens.status.${status}` })}
    />
  );
}
