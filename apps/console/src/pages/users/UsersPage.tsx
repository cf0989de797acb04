import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { EditorTabs } from '../../ui/crud/EditorTabs.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PeopleEditor } from './PeopleEditor.tsx';
import { PrivacySection } from './privacy/PrivacySection.tsx';
import { SignInSection } from './sign-in/SignInSection.tsx';
import { useMayManageSignIn } from './sign-in/sign-in-access.ts';

const tabs = [
  { id: 'people', label: 'users.tab.people', render: () => <PeopleEditor /> },
  // Federation, break-glass and SCIM (product.md §12): the customer's admins' (update:customer*).
  { id: 'sign-in', label: 'users.tab.signIn', render: () => <SignInSection /> },
  // Retention and the audit export (BOF-55, BOF-57): the customer's admins' too.
  { id: 'privacy', label: 'users.tab.privacy', render: () => <PrivacySection /> },
] as const;

/**
 * The people who sign in and, for those who may change the customer's settings, how they sign
 * in and how long records are kept: three tabs whose choice is in the address (`?tab=sign-in`, CON-61). Anyone else sees the
 * people alone, without a tab list of one.
 */
export function UsersPage() {
  const intl = useIntl();
  const maySignIn = useMayManageSignIn();
  return (
    <>
      <PageHeading>{intl.formatMessage({ id: 'nav.users' })}</PageHeading>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'page.users.description' })}
      </Typography>
      {maySignIn ? <EditorTabs tabs={tabs} label="users.tabs" /> : <PeopleEditor />}
    </>
  );
}
