import { readErrorEnvelope } from '@careboard/contracts';
import { HttpError } from '@careboard/web-client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { auditExportPath, exportFileName } from './audit-export.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Downloads the customer's audit log for a range of days as CSV or JSON lines (GET
 * /audit-events/export, decision BOF-57): fetched with the console's token, then saved as the
 * file the server names. A refused range shows the catalogue's text (DATE_RANGE_NOT_VALID).
 */
export function AuditExport() {
  const intl = useIntl();
  const { http } = useConsoleRuntime();
  const [from, setFrom] = useState(() => `${today().slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<'csv' | 'jsonl'>('csv');
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const download = async () => {
    setBusy(true);
    setDone(false);
    setError(undefined);
    try {
      const response = await http.fetch(auditExportPath(from, to, format));
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        throw new HttpError(response.status, readErrorEnvelope(body));
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(response.headers.get('content-disposition'), from, to, format);
      link.click();
      URL.revokeObjectURL(url);
      setDone(true);
    } catch (refusal) {
      setError(refusal);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="audit-export-heading" sx={{ mb: 3 }}>
      <Typography component="h2" variant="h5" id="audit-export-heading" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'privacy.export.title' })}
      </Typography>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'privacy.export.help' })}
      </Typography>
      <ErrorAlert error={error} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          type="date"
          label={intl.formatMessage({ id: 'privacy.export.from' })}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={intl.formatMessage({ id: 'privacy.export.to' })}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label={intl.formatMessage({ id: 'privacy.export.format' })}
          value={format}
          onChange={(event) => setFormat(event.target.value === 'jsonl' ? 'jsonl' : 'csv')}
          size="small"
          sx={{ width: 200 }}
        >
          <MenuItem value="csv">{intl.formatMessage({ id: 'privacy.export.csv' })}</MenuItem>
          <MenuItem value="jsonl">{intl.formatMessage({ id: 'privacy.export.jsonl' })}</MenuItem>
        </TextField>
        <Button variant="contained" onClick={download} disabled={busy || from === '' || to === ''}>
          {intl.formatMessage({ id: 'privacy.export.download' })}
        </Button>
      </Box>
      <Typography role="status" sx={{ mt: 1, minHeight: '1.5em' }}>
        {done ? intl.formatMessage({ id: 'privacy.export.done' }) : ''}
      </Typography>
    </Box>
  );
}
