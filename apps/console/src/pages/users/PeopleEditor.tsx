import type { Page, User } from '@careboard/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import type { MessageId } from '../../i18n/en-US.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { choiceField, nameField } from '../../ui/crud/form-schema.ts';
import { listPath, useRest } from '../../ui/crud/rest.ts';
import { generatedPassword, roles } from './user-records.ts';

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'IS_REQUIRED' })
    .pipe(z.email({ error: 'IS_NOT_VALID' })),
  name: nameField(120),
  role: choiceField(roles),
  password: z.string().refine((value) => value === '' || (value.length >= 12 && value.length <= 200), {
    error: 'IS_NOT_VALID',
  }),
  disabled: z.boolean(),
});

/** The email is the sign-in name and never changes; a password is only sent when adding (BOF-27). */
const toCreate = ({ email, name, role, password }: z.output<typeof schema>) => ({
  email,
  name,
  role,
  ...(password === '' ? {} : { password }),
});
const toUpdate = ({ name, role, disabled }: z.output<typeof schema>) => ({ name, role, disabled });

/**
 * The people who sign in: add with a role, change a role, disable (there is no delete: a
 * disabled account keeps its history, BOF-27). Every role is offered and the server decides
 * (decision CON-66): one above the caller's own is refused with the catalogue's
 * "You do not have permissions to set this user level". Users have no change-log kind, so
 * the list is read once and again after each of this page's writes (CON-62).
 */
export function PeopleEditor() {
  const intl = useIntl();
  const rest = useRest();
  const users = useLiveQuery<Page<User>>(listPath('users'), []);
  const [shownPassword, setShownPassword] = useState<{ name: string; password: string } | undefined>();
  const roleText = useMemo(
    () => (role: string) => intl.formatMessage({ id: `users.role.${role}` as MessageId }),
    [intl],
  );
  const fields = useMemo<readonly CrudField[]>(
    () => [
      { name: 'email', label: 'users.field.email', kind: 'text', only: 'create', autoComplete: 'off' },
      { name: 'name', label: 'users.field.name', kind: 'text' },
      {
        name: 'role',
        label: 'users.field.role',
        kind: 'select',
        helper: 'users.field.roleHelp',
        options: roles.map((role) => ({ value: role, label: roleText(role) })),
      },
      {
        name: 'password',
        label: 'users.field.password',
        kind: 'password',
        only: 'create',
        helper: 'users.field.passwordHelp',
        autoComplete: 'new-password',
      },
      { name: 'disabled', label: 'users.field.disabled', kind: 'switch', only: 'edit' },
    ],
    [roleText],
  );
  const columns = useMemo<GridColDef<User>[]>(
    () => [
      { field: 'name', headerName: intl.formatMessage({ id: 'users.field.name' }), flex: 1, minWidth: 140 },
      {
        field: 'email',
        headerName: intl.formatMessage({ id: 'users.field.email' }),
        flex: 1.3,
        minWidth: 180,
      },
      {
        field: 'role',
        headerName: intl.formatMessage({ id: 'users.field.role' }),
        width: 120,
        valueGetter: (value: string) => roleText(value),
      },
      {
        field: 'disabled',
        headerName: intl.formatMessage({ id: 'users.field.status' }),
        width: 110,
        valueGetter: (value: boolean) =>
          intl.formatMessage({ id: value ? 'users.disabled' : 'users.active' }),
      },
      {
        field: 'created_at',
        headerName: intl.formatMessage({ id: 'users.field.created' }),
        width: 130,
        valueGetter: (value: string) => intl.formatDate(value, { dateStyle: 'medium' }),
      },
    ],
    [intl, roleText],
  );
  return (
    <>
      {shownPassword && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => setShownPassword(undefined)}>
              {intl.formatMessage({ id: 'users.dismiss' })}
            </Button>
          }
        >
          {intl.formatMessage({ id: 'users.generatedPassword' }, shownPassword)}
        </Alert>
      )}
      <CrudSection<User, z.output<typeof schema>>
        title="users.title"
        thing="users.thing"
        rows={users.data?.items}
        loading={users.loading}
        readError={users.error}
        columns={columns}
        fields={fields}
        schema={schema}
        blank={{ email: '', name: '', role: 'staff', password: '', disabled: false }}
        // The email stays in the values so the one schema checks both forms; it is not sent on edit.
        valuesOf={(user) => ({
          email: user.email,
          name: user.name,
          role: user.role,
          password: '',
          disabled: user.disabled,
        })}
        nameOf={(user) => user.name}
        onCreate={(body) => rest.post('users', toCreate(body))}
        onUpdate={(user, body) => rest.patch(`users/${user.id}`, toUpdate(body))}
        afterWrite={(result) => {
          setShownPassword(generatedPassword(result));
          users.reload();
        }}
      />
    </>
  );
}
