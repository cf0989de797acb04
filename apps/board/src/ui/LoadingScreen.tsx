import { useIntl } from 'react-intl';
import { FullScreenSpinner } from './FullScreenSpinner.tsx';

/** The full-screen spinner, labelled in the customer's locale. */
export function LoadingScreen() {
  const intl = useIntl();
  return <FullScreenSpinner label={intl.formatMessage({ id: 'loading.label' })} />;
}
