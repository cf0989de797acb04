import type { Page, Workflow } from '@careboard/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { listPath } from '../../ui/crud/rest.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { DryRun } from './DryRun.tsx';
import { useMayWriteFeeds } from './feed-access.ts';
import { UnmappedPointsOfCare } from './UnmappedPointsOfCare.tsx';

/**
 * The HL7 part of the page for an interface analyst (FEED-63, FEED-67): the points of care no
 * mapping names, and a dry run of pasted messages or a file. The workflows, the ADT mapping
 * tab's list, are read only for those who may map a point of care to one.
 */
export function Hl7Tools() {
  const intl = useIntl();
  const mayWrite = useMayWriteFeeds();
  const workflows = useLiveQuery<Page<Workflow>>(mayWrite ? listPath('workflows') : null, ['workflow']);
  return (
    <Box component="section" aria-labelledby="hl7-tools-heading" sx={{ mt: 4 }}>
      <Typography component="h2" variant="h5" id="hl7-tools-heading" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'integrations.hl7.title' })}
      </Typography>
      <ErrorAlert error={workflows.error} />
      <UnmappedPointsOfCare workflows={workflows.data?.items} />
      <DryRun workflows={workflows.data?.items} />
    </Box>
  );
}
