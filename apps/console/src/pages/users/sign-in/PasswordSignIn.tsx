import type { Page, SignInSettings, User } from '@careboard/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLiveQuery } from '../../../data/use-live-query.ts';
import type { MessageId } from '../../../i18n/en-US.ts';
import { listPath, useRest } from '../../../ui/crud/rest.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { breakGlassCandidates, locksEveryoneOut, type PasswordSignInChoice } from './break-glass.ts';

const choices = ['everyone', 'break_glass_only'] as const satisfies readonly PasswordSignInChoice[];

/**
 * Who may still sign in with a Careboard password (IDN-29): everyone, or only the break-glass
 * accounts chosen here, so the hospital's provider being down never locks the site out of its
 * own console. Saving "only break-glass accounts" with none chosen is refused here, with the
 * reason, before anything is sent. The list of accounts is kept whichever is chosen, so
 * switching back and forth loses nothing, and what is stored is what the form shows.
 */
export function PasswordSignIn() {
  const intl = useIntl();
  const rest = useRest();
  const headingId = useId();
  const refusalId = useId();
  const accountsId = useId();
  const settings = useLiveQuery<SignInSettings>('sign-in-settings');
  const users = useLiveQuery<Page<User>>(listPath('users'));
  const [choice, setChoice] = useState<PasswordSignInChoice>('everyone');
  const [chosen, setChosen] = useState<string[]>([]);
  const [refused, setRefused] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const accountsRef = useRef<HTMLElement>(null);
  const stored = settings.data;

  useEffect(() => {
    if (!stored) return;
    setChoice(stored.password_sign_in);
    setChosen([...stored.break_glass_user_ids]);
  }, [stored]);

  const candidates = breakGlassCandidates(users.data?.items ?? []);
  const known = new Set(candidates.map((user) => user.id));
  // A chosen account the list does not hold (removed since) still shows, so it can be taken off.
  const unknown = chosen.filter((id) => !known.has(id));
  const labelOf = (user: User) =>
    intl.formatMessage(
      { id: user.disabled ? 'signIn.password.accountDisabled' : 'signIn.password.account' },
      {
        name: user.name,
        email: user.email,
        role: intl.formatMessage({ id: `users.role.${user.role}` as MessageId }),
      },
    );
  const names = new Map(candidates.map((user) => [user.id, user.name]));

  const edited = () => {
    setSaved(false);
    setRefused(false);
  };
  const save = async () => {
    setSaved(false);
    setError(undefined);
    if (locksEveryoneOut(choice, chosen)) {
      setRefused(true);
      accountsRef.current?.focus();
      return;
    }
    setRefused(false);
    setBusy(true);
    try {
      await rest.put('sign-in-settings', { password_sign_in: choice, break_glass_user_ids: chosen });
      setSaved(true);
      settings.reload();
    } catch (refusal) {
      setError(refusal);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography component="h2" variant="h5" id={headingId} sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'signIn.password.title' })}
      </Typography>
      <ErrorAlert error={settings.error ?? users.error} />
      <FormControl component="fieldset" disabled={stored === undefined}>
        <FormLabel component="legend">{intl.formatMessage({ id: 'signIn.password.who' })}</FormLabel>
        <RadioGroup
          name="password_sign_in"
          value={choice}
          onChange={(event) => {
            setChoice(event.target.value as PasswordSignInChoice);
            edited();
          }}
        >
          {choices.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={intl.formatMessage({ id: `signIn.password.${value}` })}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        select
        id={accountsId}
        label={intl.formatMessage({ id: 'signIn.password.accounts' })}
        value={chosen}
        onChange={(event) => {
          const value = event.target.value as unknown;
          setChosen(Array.isArray(value) ? value.map(String) : []);
          edited();
        }}
        inputRef={accountsRef}
        disabled={stored === undefined}
        error={refused}
        helperText={intl.formatMessage({ id: 'signIn.password.accountsHelp' })}
        fullWidth
        margin="normal"
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (selected as string[]).map((id) => names.get(id) ?? id).join(', '),
            // MUI names the hint `<id>-helper-text`; the refusal is read with it once shown.
            SelectDisplayProps: refused
              ? { 'aria-describedby': `${accountsId}-helper-text ${refusalId}` }
              : {},
          },
        }}
        sx={{ maxWidth: '50rem' }}
      >
        {candidates.map((user) => (
          <MenuItem key={user.id} value={user.id}>
            {labelOf(user)}
          </MenuItem>
        ))}
        {unknown.map((id) => (
          <MenuItem key={id} value={id}>
            {id}
          </MenuItem>
        ))}
      </TextField>
      {refused && (
        <Alert severity="error" role="alert" id={refusalId} sx={{ my: 1, maxWidth: '50rem' }}>
          {intl.formatMessage({ id: 'signIn.password.noneChosen' })}
        </Alert>
      )}
      <ErrorAlert error={error} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
        <Button variant="contained" onClick={save} disabled={busy || stored === undefined}>
          {intl.formatMessage({ id: 'signIn.password.save' })}
        </Button>
        <Typography role="status">
          {saved ? intl.formatMessage({ id: 'signIn.password.saved' }) : ''}
        </Typography>
      </Box>
    </Box>
  );
}
