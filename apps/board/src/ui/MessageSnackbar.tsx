import Snackbar from '@mui/material/Snackbar';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/en-US.ts';

/** A message in a snack bar that stays until the page changes (nobody is there to dismiss it). */
export function MessageSnackbar({ id }: { readonly id: MessageId }) {
  const intl = useIntl();
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={intl.formatMessage({ id })}
      slotProps={{ content: { role: 'alert' } }}
    />
  );
}
