import type { CreatedScimToken, Page, ScimToken, SignInConnection } from '@careboard/contracts';
import Key from '@mui/icons-material/Key';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLiveQuery } from '../../../data/use-live-query.ts';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { ConfirmDialog } from '../../../ui/crud/ConfirmDialog.tsx';
import { issueText, nameField } from '../../../ui/crud/form-schema.ts';
import { listPath, useRest } from '../../../ui/crud/rest.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { ShownScimToken } from './ShownScimToken.tsx';
import { visuallyHidden } from './visually-hidden.ts';

/**
 * The SCIM tokens a hospital's directory provisions accounts with (IDN-30): each belongs to one
 * connection, whose role rules the groups it pushes feed. Listed without the token, which shows
 * once when made; revoked after a confirmation. Read again after each write here and whenever
 * the connections change (deleting one takes its tokens with it).
 */
export function ScimTokens({
  connections,
}: {
  readonly connections: readonly SignInConnection[] | undefined;
}) {
  const intl = useIntl();
  const rest = useRest();
  const { locale } = useConsoleRuntime();
  const headingId = useId();
  const makeHeadingId = useId();
  const tokens = useLiveQuery<Page<ScimToken>>(listPath('scim-tokens'));
  const [name, setName] = useState('');
  const [connectionId, setConnectionId] = useState('');
  const [nameIssue, setNameIssue] = useState<string | undefined>(undefined);
  const [makeError, setMakeError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<CreatedScimToken | undefined>(undefined);
  const [revoking, setRevoking] = useState<ScimToken | undefined>(undefined);
  const [said, setSaid] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const { reload } = tokens;

  const seenConnections = useRef(connections);
  useEffect(() => {
    if (seenConnections.current !== undefined && connections !== seenConnections.current) reload();
    seenConnections.current = connections;
  }, [connections, reload]);

  const connectionNames = new Map((connections ?? []).map((connection) => [connection.id, connection.name]));
  // The first connection until another is chosen; none while there is none.
  const chosenConnection = connectionNames.has(connectionId) ? connectionId : (connections?.[0]?.id ?? '');
  const nameLabel = intl.formatMessage({ id: 'signIn.scim.name' });
  const when = (at: string | null) =>
    at === null
      ? intl.formatMessage({ id: 'signIn.scim.never' })
      : intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });

  const make = async (event: FormEvent) => {
    event.preventDefault();
    setMakeError(undefined);
    const checked = nameField(120).safeParse(name);
    if (!checked.success) {
      setNameIssue(issueText(checked.error.issues[0]?.message ?? 'IS_NOT_VALID', nameLabel, locale));
      nameRef.current?.focus();
      return;
    }
    setNameIssue(undefined);
    setBusy(true);
    try {
      const answer = (await rest.post('scim-tokens', {
        name: checked.data,
        connection_id: chosenConnection,
      })) as CreatedScimToken;
      setMade(answer);
      setName('');
      reload();
    } catch (refusal) {
      setMakeError(refusal);
    } finally {
      setBusy(false);
    }
  };

  const rows = tokens.data?.items;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography component="h2" variant="h5" id={headingId} sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'signIn.scim.title' })}
      </Typography>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'signIn.scim.intro' })}
      </Typography>
      <ErrorAlert error={tokens.error} />
      <Table size="small" aria-labelledby={headingId} sx={{ mb: 1, maxWidth: '60rem' }}>
        <TableHead>
          <TableRow>
            <TableCell>{nameLabel}</TableCell>
            <TableCell>{intl.formatMessage({ id: 'signIn.scim.connection' })}</TableCell>
            <TableCell>{intl.formatMessage({ id: 'signIn.scim.made' })}</TableCell>
            <TableCell>{intl.formatMessage({ id: 'signIn.scim.lastUsed' })}</TableCell>
            <TableCell>{intl.formatMessage({ id: 'crud.actions' })}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{intl.formatMessage({ id: 'signIn.scim.none' })}</TableCell>
            </TableRow>
          )}
          {rows?.map((token) => (
            <TableRow key={token.id}>
              <TableCell>{token.name}</TableCell>
              <TableCell>{connectionNames.get(token.connection_id) ?? token.connection_id}</TableCell>
              <TableCell>{when(token.created_at)}</TableCell>
              <TableCell>{when(token.last_used_at)}</TableCell>
              <TableCell>
                <Button
                  color="error"
                  size="small"
                  onClick={() => setRevoking(token)}
                  aria-label={intl.formatMessage({ id: 'signIn.scim.revokeOf' }, { name: token.name })}
                >
                  {intl.formatMessage({ id: 'signIn.scim.revoke' })}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box role="status" sx={visuallyHidden}>
        {said}
      </Box>

      <Box component="form" onSubmit={make} noValidate aria-labelledby={makeHeadingId} sx={{ mt: 2 }}>
        <Typography component="h3" variant="subtitle1" id={makeHeadingId}>
          {intl.formatMessage({ id: 'signIn.scim.makeTitle' })}
        </Typography>
        {connections?.length === 0 ? (
          <Typography sx={{ fontStyle: 'italic' }}>
            {intl.formatMessage({ id: 'signIn.scim.noConnection' })}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              label={nameLabel}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameIssue(undefined);
              }}
              inputRef={nameRef}
              error={nameIssue !== undefined}
              helperText={nameIssue ?? intl.formatMessage({ id: 'signIn.scim.nameHelp' })}
              size="small"
              autoComplete="off"
              sx={{ flex: '1 1 16rem', maxWidth: '24rem' }}
              slotProps={{ htmlInput: { 'aria-required': true } }}
            />
            <TextField
              select
              label={intl.formatMessage({ id: 'signIn.scim.connection' })}
              value={chosenConnection}
              onChange={(event) => setConnectionId(event.target.value)}
              size="small"
              sx={{ minWidth: '14rem' }}
            >
              {(connections ?? []).map((connection) => (
                <MenuItem key={connection.id} value={connection.id}>
                  {connection.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              type="submit"
              variant="contained"
              startIcon={<Key />}
              disabled={busy || chosenConnection === ''}
            >
              {intl.formatMessage({ id: 'signIn.scim.make' })}
            </Button>
          </Box>
        )}
        <ErrorAlert error={makeError} />
      </Box>

      {made && <ShownScimToken token={made} onClose={() => setMade(undefined)} />}
      {revoking && (
        <ConfirmDialog
          title={intl.formatMessage({ id: 'signIn.scim.revokeTitle' }, { name: revoking.name })}
          body={intl.formatMessage({ id: 'signIn.scim.revokeBody' })}
          confirm={intl.formatMessage({ id: 'signIn.scim.revoke' })}
          onConfirm={() => rest.remove(`scim-tokens/${encodeURIComponent(revoking.id)}`)}
          onClose={(revoked) => {
            setRevoking(undefined);
            if (!revoked) return;
            setSaid(intl.formatMessage({ id: 'signIn.scim.revoked' }, { name: revoking.name }));
            reload();
          }}
        />
      )}
    </Box>
  );
}
