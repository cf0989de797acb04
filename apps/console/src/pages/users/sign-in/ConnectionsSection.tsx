import type { SignInConnection } from '@careboard/contracts';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../ui/crud/ConfirmDialog.tsx';
import { useRest } from '../../../ui/crud/rest.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { ConnectionCard } from './ConnectionCard.tsx';
import { ConnectionDialog } from './ConnectionDialog.tsx';
import { visuallyHidden } from './visually-hidden.ts';

type Open =
  | { readonly mode: 'create' }
  | { readonly mode: 'edit' | 'delete'; readonly connection: SignInConnection };

/**
 * The customer's sign-in connections, one region each (a customer has a handful, and every
 * button is then one Tab away, as in the Boards list, CON-39), with Add, and the dialogs Add,
 * Edit and Delete open. What a write changed is said in a polite status.
 */
export function ConnectionsSection({
  connections,
  loading,
  readError,
  onChanged,
}: {
  readonly connections: readonly SignInConnection[] | undefined;
  readonly loading: boolean;
  readonly readError: unknown;
  /** A write was accepted: read the connections (and what hangs on them) again. */
  readonly onChanged: () => void;
}) {
  const intl = useIntl();
  const rest = useRest();
  const headingId = useId();
  const [open, setOpen] = useState<Open | null>(null);
  const [said, setSaid] = useState('');
  const path = (connection: SignInConnection) => `sign-in-connections/${encodeURIComponent(connection.id)}`;

  const saved = (name: string) => {
    setOpen(null);
    setSaid(intl.formatMessage({ id: 'signIn.connections.saved' }, { name }));
    onChanged();
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="h5" id={headingId} sx={{ flexGrow: 1 }}>
          {intl.formatMessage({ id: 'signIn.connections.title' })}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setOpen({ mode: 'create' })}>
          {intl.formatMessage({ id: 'signIn.connections.add' })}
        </Button>
      </Box>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'signIn.connections.intro' })}
      </Typography>
      <ErrorAlert error={readError} />
      {connections === undefined
        ? loading && <Typography role="status">{intl.formatMessage({ id: 'app.loading' })}</Typography>
        : connections.length === 0 && (
            <Typography sx={{ fontStyle: 'italic' }}>
              {intl.formatMessage({ id: 'signIn.connections.none' })}
            </Typography>
          )}
      {connections?.map((connection) => (
        <ConnectionCard
          key={connection.id}
          connection={connection}
          onEdit={() => setOpen({ mode: 'edit', connection })}
          onDelete={() => setOpen({ mode: 'delete', connection })}
          onChanged={onChanged}
        />
      ))}
      <Box role="status" sx={visuallyHidden}>
        {said}
      </Box>
      {open?.mode === 'create' && (
        <ConnectionDialog
          onSubmit={(body) => rest.post('sign-in-connections', body)}
          onDone={(result) => saved((result as SignInConnection | null)?.name ?? '')}
          onCancel={() => setOpen(null)}
        />
      )}
      {open?.mode === 'edit' && (
        <ConnectionDialog
          connection={open.connection}
          onSubmit={(body) => rest.patch(path(open.connection), body)}
          onDone={(result) => saved((result as SignInConnection | null)?.name ?? open.connection.name)}
          onCancel={() => setOpen(null)}
        />
      )}
      {open?.mode === 'delete' && (
        <ConfirmDialog
          title={intl.formatMessage({ id: 'crud.deleteTitle' }, { name: open.connection.name })}
          body={intl.formatMessage({ id: 'signIn.connections.deleteBody' }, { name: open.connection.name })}
          confirm={intl.formatMessage({ id: 'crud.confirmDelete' })}
          onConfirm={() => rest.remove(path(open.connection))}
          onClose={(deleted) => {
            setOpen(null);
            if (!deleted) return;
            setSaid(intl.formatMessage({ id: 'signIn.connections.deleted' }, { name: open.connection.name }));
            onChanged();
          }}
        />
      )}
    </Box>
  );
}
