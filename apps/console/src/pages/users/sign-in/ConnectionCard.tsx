import type { SignInConnection, SignInTest } from '@careboard/contracts';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Login from '@mui/icons-material/Login';
import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/en-US.ts';
import { useRest } from '../../../ui/crud/rest.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { copyText } from './copy-text.ts';
import { type Detail, Details } from './Details.tsx';

/** What the connection is and does: its domains, rules and the kind's settings. */
function aboutOf(connection: SignInConnection, intl: IntlShape): Detail[] {
  const text = (id: MessageId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const role = (value: string) => text(`users.role.${value}` as MessageId);
  const about: Detail[] = [
    {
      label: text('signIn.field.domains'),
      value:
        connection.domains.length > 0 ? connection.domains.join(', ') : text('signIn.connection.noDomains'),
    },
    {
      label: text('signIn.rules.title'),
      value:
        connection.role_rules.length === 0 ? (
          text('signIn.rules.none')
        ) : (
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {connection.role_rules.map((rule, index) => (
              // Rules repeat no group in practice, but nothing forbids it: the position keeps keys apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the order is the rule's identity
              <li key={index}>
                {text('signIn.connection.rule', { group: rule.group, role: role(rule.role) })}
              </li>
            ))}
          </Box>
        ),
    },
    {
      label: text('signIn.field.defaultRole'),
      value: text(`signIn.defaultRole.${connection.default_role ?? 'refuse'}` as MessageId),
    },
  ];
  if (connection.kind === 'oidc') {
    return [
      ...about,
      { label: text('signIn.field.issuer'), value: connection.issuer },
      { label: text('signIn.field.clientId'), value: connection.client_id },
      {
        label: text('signIn.field.authMethod'),
        value: text(`signIn.authMethod.${connection.token_endpoint_auth_method}` as MessageId),
      },
      ...(connection.token_endpoint_auth_method === 'private_key_jwt'
        ? []
        : [
            {
              label: text('signIn.field.clientSecret'),
              value: text(
                connection.client_secret_set ? 'signIn.connection.secretSet' : 'signIn.connection.noSecret',
              ),
            },
          ]),
    ];
  }
  return [
    ...about,
    {
      label: text('signIn.connection.metadata'),
      value: connection.idp_metadata_url ?? text('signIn.connection.metadataPasted'),
    },
    { label: text('signIn.connection.idpEntityId'), value: connection.idp_entity_id },
    { label: text('signIn.connection.idpSsoUrl'), value: connection.idp_sso_url },
    {
      label: text('signIn.connection.idpCertificates'),
      value: intl.formatNumber(connection.idp_certificates),
    },
  ];
}

/** What the hospital's IdP admin registers for Careboard, each with a copy button. */
function forIdpAdminOf(connection: SignInConnection, intl: IntlShape): Detail[] {
  const label = (id: MessageId) => intl.formatMessage({ id });
  if (connection.kind === 'oidc') {
    return [
      { label: label('signIn.connection.redirectUri'), value: null, copy: connection.redirect_uri },
      ...(connection.token_endpoint_auth_method === 'private_key_jwt'
        ? [{ label: label('signIn.connection.jwksUri'), value: null, copy: connection.jwks_uri }]
        : []),
    ];
  }
  return [
    { label: label('signIn.connection.spEntityId'), value: null, copy: connection.sp_entity_id },
    { label: label('signIn.connection.acsUrl'), value: null, copy: connection.acs_url },
    { label: label('signIn.connection.spMetadataUrl'), value: null, copy: connection.sp_metadata_url },
  ];
}

/**
 * One sign-in connection as a region named by it: what it is, what to give the hospital's IdP
 * admin (copy buttons), and its actions, each named with the connection ("Test sign-in with
 * Contoso"). Test sign-in opens the server's test page in a new window (noopener), which shows
 * what the provider sent and the role it gives; here only a hint that it opened, and a link
 * should the browser have blocked the window.
 */
export function ConnectionCard({
  connection,
  onEdit,
  onDelete,
  onChanged,
}: {
  readonly connection: SignInConnection;
  readonly onEdit: () => void;
  readonly onDelete: () => void;
  /** Enable or Disable was accepted: read the list again. */
  readonly onChanged: () => void;
}) {
  const intl = useIntl();
  const rest = useRest();
  const headingId = useId();
  const [said, setSaid] = useState('');
  const [test, setTest] = useState<SignInTest | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const { name } = connection;

  const write = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (refusal) {
      setError(refusal);
    } finally {
      setBusy(false);
    }
  };
  const toggle = () =>
    write(async () => {
      setTest(undefined);
      await rest.patch(`sign-in-connections/${encodeURIComponent(connection.id)}`, {
        enabled: !connection.enabled,
      });
      setSaid(
        intl.formatMessage(
          { id: connection.enabled ? 'signIn.connection.nowDisabled' : 'signIn.connection.nowEnabled' },
          { name },
        ),
      );
      onChanged();
    });
  const testSignIn = () =>
    write(async () => {
      setSaid('');
      const opened = (await rest.post(
        `sign-in-connections/${encodeURIComponent(connection.id)}/test`,
        {},
      )) as SignInTest;
      window.open(opened.url, '_blank', 'noopener');
      setTest(opened);
    });
  const copied = async (detail: { readonly label: string; readonly copy: string }) => {
    setTest(undefined);
    const ok = await copyText(detail.copy);
    setSaid(intl.formatMessage({ id: ok ? 'signIn.copied' : 'signIn.copyFailed' }, { what: detail.label }));
  };

  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography component="h3" variant="h6" id={headingId}>
            {name}
          </Typography>
          <Chip size="small" label={intl.formatMessage({ id: `signIn.kind.${connection.kind}` })} />
          <Chip
            size="small"
            color={connection.enabled ? 'success' : 'default'}
            variant={connection.enabled ? 'filled' : 'outlined'}
            label={intl.formatMessage({
              id: connection.enabled ? 'signIn.connection.enabled' : 'signIn.connection.disabled',
            })}
          />
        </Box>
        <Details details={aboutOf(connection, intl)} owner={name} />
        <Typography component="h4" variant="subtitle2" sx={{ mt: 2 }}>
          {intl.formatMessage({ id: 'signIn.connection.forIdpAdmin' })}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {intl.formatMessage({ id: `signIn.connection.forIdpAdminHelp.${connection.kind}` })}
        </Typography>
        <Details details={forIdpAdminOf(connection, intl)} owner={name} onCopy={copied} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button
          variant="contained"
          startIcon={<Login />}
          disabled={busy}
          onClick={testSignIn}
          aria-label={intl.formatMessage({ id: 'signIn.connection.testOf' }, { name })}
        >
          {intl.formatMessage({ id: 'signIn.connection.test' })}
        </Button>
        <Button
          startIcon={<Edit />}
          onClick={onEdit}
          aria-label={intl.formatMessage({ id: 'crud.edit' }, { name })}
        >
          {intl.formatMessage({ id: 'signIn.connection.edit' })}
        </Button>
        <Button
          startIcon={<PowerSettingsNew />}
          disabled={busy}
          onClick={toggle}
          aria-label={intl.formatMessage(
            { id: connection.enabled ? 'signIn.connection.disableOf' : 'signIn.connection.enableOf' },
            { name },
          )}
        >
          {intl.formatMessage({
            id: connection.enabled ? 'signIn.connection.disable' : 'signIn.connection.enable',
          })}
        </Button>
        <Button
          color="error"
          startIcon={<Delete />}
          onClick={onDelete}
          aria-label={intl.formatMessage({ id: 'crud.delete' }, { name })}
        >
          {intl.formatMessage({ id: 'crud.confirmDelete' })}
        </Button>
      </CardActions>
      <Box sx={{ px: 2, pb: 1 }}>
        <ErrorAlert error={error} />
        <Typography role="status" variant="body2" sx={{ minHeight: '1.5em' }}>
          {test
            ? intl.formatMessage(
                { id: 'signIn.connection.testOpened' },
                { until: intl.formatTime(test.expires_at, { timeStyle: 'short' }) },
              )
            : said}
        </Typography>
        {test && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            <Link href={test.url} target="_blank" rel="noopener">
              {intl.formatMessage({ id: 'signIn.connection.testLink' })}
            </Link>
          </Typography>
        )}
      </Box>
    </Card>
  );
}
