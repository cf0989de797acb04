import { type Device, hasScopes, type Page, scopesFor } from '@careboard/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useConsoleIdentity } from '../../auth/console-identity.ts';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { useConsoleRuntime } from '../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PairScreenForm } from '../../ui/PairScreenForm.tsx';
import { EditScreenDialog } from './EditScreenDialog.tsx';
import { RevokeScreenDialog } from './RevokeScreenDialog.tsx';
import type { ScreenEdit } from './screen-edit.ts';
import { type Named, type ScreenRow, screenRows } from './screen-rows.ts';

/** The grid (and its Spanish texts) is most of the page's code: the heading and pairing need not wait for it. */
const ScreensGrid = lazy(() =>
  import('./ScreensGrid.tsx').then((module) => ({ default: module.ScreensGrid })),
);

type Dialog = { kind: 'edit' | 'revoke'; screen: ScreenRow } | null;

/**
 * The screen fleet, live (product.md §9, decision CON-26): online and offline are changes too
 * ('device_presence', LIVE-48), so the list follows them without polling; boards and locations
 * are read for their names.
 */
export function ScreensPage() {
  const intl = useIntl();
  const { http, locale } = useConsoleRuntime();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  // Pairing is an admin's act (IDN-20): staff see the fleet without the form the server would refuse.
  const mayPair = hasScopes(useConsoleIdentity().scopes, scopesFor('device.pair'));
  const [showRevoked, setShowRevoked] = useState(false);
  const devices = useLiveQuery<Page<Device>>(`devices?limit=200${showRevoked ? '' : '&revoked=false'}`, [
    'device',
    'device_presence',
    'display_board',
    'location',
  ]);
  const boards = useLiveQuery<readonly Named[]>('display-boards', ['display_board']);
  const locations = useLiveQuery<Page<Named>>('locations?limit=200', ['location']);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [failure, setFailure] = useState<unknown>(undefined);

  const rows = useMemo(
    () => screenRows(devices.data?.items ?? [], boards.data ?? [], locations.data?.items ?? []),
    [devices.data, boards.data, locations.data],
  );

  const done = useCallback(
    (id: string, name: string) => {
      setFailure(undefined);
      setNotice({ ok: true, text: intl.formatMessage({ id }, { name }) });
      devices.reload();
    },
    [intl, devices.reload],
  );

  const actions = useMemo(
    () => ({
      onEdit: (screen: ScreenRow) => setDialog({ kind: 'edit', screen }),
      onRevoke: (screen: ScreenRow) => setDialog({ kind: 'revoke', screen }),
      onReload: (screen: ScreenRow) => {
        http.sendJson('POST', `devices/${screen.id}/reload`, {}).then(
          () => done('screens.done.reload', screen.name),
          (error: unknown) => {
            setNotice(null);
            setFailure(error);
          },
        );
      },
    }),
    [http, done],
  );

  // Screen writes are REST: the socket gateway has no per-screen rename or revoke (decision CON-52).
  const save = async (screen: ScreenRow, edit: ScreenEdit) => {
    await http.sendJson('PATCH', `devices/${screen.id}`, edit);
    setDialog(null);
    done('screens.done.saved', edit.name);
  };

  const revoke = async (screen: ScreenRow) => {
    await http.sendJson('POST', `devices/${screen.id}/revoke`, {});
    setDialog(null);
    done('screens.done.revoked', screen.name);
  };

  return (
    <>
      <PageHeading>{text('nav.screens')}</PageHeading>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>{text('page.screens.description')}</Typography>
      <Box role="status" aria-live="polite">
        {notice && (
          <Alert severity="success" onClose={() => setNotice(null)} sx={{ my: 1 }}>
            {notice.text}
          </Alert>
        )}
      </Box>
      <ErrorAlert error={failure ?? devices.error} />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 2, mb: 1 }}>
        <Typography component="h2" variant="h6">
          {text('screens.listHeading')}
        </Typography>
        <FormControlLabel
          control={
            <Switch checked={showRevoked} onChange={(event) => setShowRevoked(event.target.checked)} />
          }
          label={text('screens.showRevoked')}
        />
      </Box>
      <Suspense fallback={<LinearProgress aria-label={text('app.loading')} />}>
        <ScreensGrid
          rows={rows}
          loading={devices.data === undefined && devices.loading}
          spanish={locale.startsWith('es')}
          actions={actions}
        />
      </Suspense>
      {/* The fleet first: it is what most visits come for; pairing is now and then (decision CON-49). */}
      {mayPair && (
        <Box component="section" aria-labelledby="screens-pair-heading" sx={{ mt: 3 }}>
          <Typography id="screens-pair-heading" component="h2" variant="h6">
            {text('screens.pairHeading')}
          </Typography>
          <PairScreenForm onPaired={() => devices.reload()} />
        </Box>
      )}
      {dialog?.kind === 'edit' && (
        <EditScreenDialog
          screen={dialog.screen}
          boards={boards.data ?? []}
          locations={locations.data?.items ?? []}
          onSave={(edit) => save(dialog.screen, edit)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'revoke' && (
        <RevokeScreenDialog
          screen={dialog.screen}
          onRevoke={() => revoke(dialog.screen)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
