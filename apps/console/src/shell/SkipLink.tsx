import Link from '@mui/material/Link';
import { useIntl } from 'react-intl';

/** The first Tab stop: past the top bar and the navigation, straight to the page (WCAG 2.4.1). */
export function SkipLink({ target }: { readonly target: string }) {
  const intl = useIntl();
  return (
    <Link
      href={`#${target}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        p: 1,
        bgcolor: 'background.paper',
        '&:focus': { top: 8 },
      }}
    >
      {intl.formatMessage({ id: 'shell.skipToContent' })}
    </Link>
  );
}
