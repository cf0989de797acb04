import type { Page, SignInConnection } from '@careboard/contracts';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { useLiveQuery } from '../../../data/use-live-query.ts';
import { listPath } from '../../../ui/crud/rest.ts';
import { ConnectionsSection } from './ConnectionsSection.tsx';
import { PasswordSignIn } from './PasswordSignIn.tsx';
import { ScimTokens } from './ScimTokens.tsx';

/**
 * How the customer's people sign in (product.md §12): the connections to the hospital's identity
 * providers, who may still use a password (break-glass), and the SCIM tokens of its directory.
 * The connections are read here once, and again after each write of the tab (they have no change
 * kind, as users have none, CON-62), since the tokens name theirs.
 */
export function SignInSection() {
  const intl = useIntl();
  const connections = useLiveQuery<Page<SignInConnection>>(listPath('sign-in-connections'));
  return (
    <>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>{intl.formatMessage({ id: 'signIn.intro' })}</Typography>
      <ConnectionsSection
        connections={connections.data?.items}
        loading={connections.loading}
        readError={connections.error}
        onChanged={connections.reload}
      />
      <PasswordSignIn />
      <ScimTokens connections={connections.data?.items} />
    </>
  );
}
