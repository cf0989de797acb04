import type { Page, Workflow } from '@careboard/contracts';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useConsoleIdentity } from '../../auth/console-identity.ts';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { useSocketActions } from '../../data/use-socket-actions.ts';
import { ActionOutcomes } from '../../ui/ActionOutcomes.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { StatusMessage } from '../../ui/StatusMessage.tsx';
import type { Named } from './desk-data.ts';
import { WorkflowDesk } from './WorkflowDesk.tsx';

/**
 * The day's patient flow per workflow (product.md §9): a tab per workflow, its patients live, and
 * every write over the socket gateway with its outcome shown (decisions CON-10, CON-27).
 */
export function DeskPage() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const workflows = useLiveQuery<Page<Workflow>>('workflows?limit=200', ['workflow']);
  const boards = useLiveQuery<readonly Named[]>('display-boards', ['display_board']);
  const [chosen, setChosen] = useState<number | null>(null);
  const { send, records, dismiss } = useSocketActions();
  const canReadNames = useConsoleIdentity().scopes.has('read:securable');

  const list = useMemo(
    () => [...(workflows.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [workflows.data],
  );
  const workflow = list.find((w) => w.id === chosen) ?? list[0];

  return (
    <>
      <PageHeading>{text('nav.desk')}</PageHeading>
      <Typography sx={{ maxWidth: '70ch', mb: 1 }}>{text('page.desk.description')}</Typography>
      <ErrorAlert error={workflows.error} />
      {workflows.data === undefined ? (
        workflows.loading && <StatusMessage message="app.loading" busy />
      ) : workflow === undefined ? (
        <Typography>{text('desk.noWorkflows')}</Typography>
      ) : (
        <>
          <Tabs
            value={workflow.id}
            onChange={(_event, id: number) => setChosen(id)}
            aria-label={text('desk.workflows')}
            variant="scrollable"
            scrollButtons="auto"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {list.map((w) => (
              <Tab
                key={w.id}
                value={w.id}
                label={w.name}
                id={`desk-tab-${w.id}`}
                aria-controls="desk-workflow"
              />
            ))}
          </Tabs>
          {/* Outcomes stay in sight above the lists, whichever control sent the write (decision CON-58). */}
          <Box sx={{ position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.default' }}>
            <ActionOutcomes records={records} onDismiss={dismiss} />
          </Box>
          <Box role="tabpanel" id="desk-workflow" aria-labelledby={`desk-tab-${workflow.id}`}>
            <WorkflowDesk
              key={workflow.id}
              workflow={workflow}
              workflows={list}
              boards={boards.data ?? []}
              send={send}
              canReadNames={canReadNames}
            />
          </Box>
        </>
      )}
    </>
  );
}
