import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/en-US.ts';
import { PageHeading } from './PageHeading.tsx';

/** A page whose contents come next: its heading and what it will hold. */
export function PagePlaceholder({
  title,
  description,
}: {
  readonly title: MessageId;
  readonly description: MessageId;
}) {
  const intl = useIntl();
  return (
    <>
      <PageHeading>{intl.formatMessage({ id: title })}</PageHeading>
      <Typography sx={{ maxWidth: '70ch' }}>{intl.formatMessage({ id: description })}</Typography>
    </>
  );
}
