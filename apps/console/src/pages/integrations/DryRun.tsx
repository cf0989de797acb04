import type { DryRunMessage, DryRunResult, MappedPointOfCare, Workflow } from '@careboard/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useRest } from '../../ui/crud/rest.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { DryRunMessageCard } from './DryRunMessageCard.tsx';
import { base64Of, withSegmentEnds } from './dry-run-input.ts';
import { useMayWriteFeeds } from './feed-access.ts';
import { MappedNotice, MapToWorkflow } from './MapToWorkflow.tsx';

/** What a dry run reads: pasted text, or a file's bytes as they are. */
type DryRunBody = { readonly text: string } | { readonly base64: string };

interface ChosenFile {
  readonly name: string;
  readonly size: number;
  readonly base64: string;
}

/** The point of care a not-mapped message could be mapped by, if the message names one. */
function unmappedPointOf(message: DryRunMessage): string | undefined {
  const point = message.fields?.point_of_care.trim() ?? '';
  return message.place.status === 'not_mapped' && point !== '' ? point : undefined;
}

/**
 * HL7 messages tried without applying them (FEED-67): pasted, or a file whose bytes are sent as
 * they are (base64), so the feed decodes them in the character set MSH-18 names. Each message
 * shows what the feed read and would do; a not-mapped point of care can be mapped from there,
 * and the same messages are then tried again so the analyst sees the new outcome.
 */
export function DryRun({ workflows }: { readonly workflows: readonly Workflow[] | undefined }) {
  const intl = useIntl();
  const rest = useRest();
  const mayWrite = useMayWriteFeeds();
  const [text, setText] = useState('');
  const [file, setFile] = useState<ChosenFile | undefined>(undefined);
  const [nothingToTry, setNothingToTry] = useState(false);
  const [tried, setTried] = useState<DryRunBody | undefined>(undefined);
  const [result, setResult] = useState<DryRunResult | undefined>(undefined);
  const [refusal, setRefusal] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [mapped, setMapped] = useState<MappedPointOfCare | undefined>(undefined);
  const textInput = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = async (body: DryRunBody) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      setResult((await rest.post('feeds/hl7/dry-run', body)) as DryRunResult);
      setTried(body);
    } catch (error) {
      setRefusal(error);
    } finally {
      setBusy(false);
    }
  };
  const tryMessages = (event: FormEvent) => {
    event.preventDefault();
    setMapped(undefined);
    if (file) {
      void run({ base64: file.base64 });
    } else if (text.trim() === '') {
      setNothingToTry(true);
      textInput.current?.focus();
    } else {
      void run({ text: withSegmentEnds(text) });
    }
  };
  const choose = async (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const chosen = (event.target as HTMLInputElement).files?.[0];
    if (!chosen) {
      setFile(undefined);
      return;
    }
    try {
      const bytes = new Uint8Array(await chosen.arrayBuffer());
      setFile({ name: chosen.name, size: bytes.length, base64: base64Of(bytes) });
      setNothingToTry(false);
    } catch (error) {
      setRefusal(error);
    }
  };
  const forgetFile = () => {
    setFile(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };
  const onMapped = (answer: MappedPointOfCare) => {
    setMapped(answer);
    if (tried) void run(tried);
  };

  return (
    <Box component="section" aria-labelledby="dry-run-heading" sx={{ mb: 3 }}>
      <Typography component="h3" variant="h6" id="dry-run-heading" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'integrations.dryRun.title' })}
      </Typography>
      <Typography variant="body2" sx={{ maxWidth: '70ch' }}>
        {intl.formatMessage({ id: 'integrations.dryRun.intro' })}
      </Typography>
      <Typography variant="body2" id="dry-run-nothing-applied" sx={{ fontWeight: 'medium', mb: 1 }}>
        {intl.formatMessage({ id: 'integrations.dryRun.nothingApplied' })}
      </Typography>
      <Box component="form" noValidate onSubmit={tryMessages} sx={{ maxWidth: '100ch' }}>
        <TextField
          multiline
          fullWidth
          minRows={6}
          maxRows={20}
          margin="dense"
          label={intl.formatMessage({ id: 'integrations.dryRun.text' })}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setNothingToTry(false);
          }}
          error={nothingToTry}
          helperText={intl.formatMessage({
            id: nothingToTry ? 'integrations.dryRun.nothingToTry' : 'integrations.dryRun.textHelp',
          })}
          inputRef={textInput}
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
          sx={{ '& textarea': { fontFamily: 'monospace', wordBreak: 'break-all' } }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', my: 1 }}>
          <TextField
            type="file"
            size="small"
            label={intl.formatMessage({ id: 'integrations.dryRun.file' })}
            onChange={choose}
            inputRef={fileInput}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {file && (
            <>
              <Typography variant="body2">
                {intl.formatMessage(
                  { id: 'integrations.dryRun.fileChosen' },
                  { name: file.name, size: file.size },
                )}
              </Typography>
              <Button onClick={forgetFile}>
                {intl.formatMessage({ id: 'integrations.dryRun.forgetFile' })}
              </Button>
            </>
          )}
        </Box>
        <Button type="submit" variant="contained" disabled={busy} aria-describedby="dry-run-nothing-applied">
          {intl.formatMessage({ id: 'integrations.dryRun.try' })}
        </Button>
      </Box>
      <ErrorAlert error={refusal} />
      <Box role="status" aria-busy={busy} sx={{ my: 1 }}>
        {result && intl.formatMessage({ id: 'integrations.dryRun.read' }, { count: result.messages.length })}
      </Box>
      {result?.refusal && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {intl.formatMessage({ id: 'integrations.dryRun.refusal' }, { reason: result.refusal })}
        </Alert>
      )}
      <MappedNotice answer={mapped} workflows={workflows} />
      {result?.messages.map((message) => {
        const point = mayWrite ? unmappedPointOf(message) : undefined;
        return (
          <DryRunMessageCard
            key={message.index}
            message={message}
            action={
              point === undefined ? undefined : (
                <MapToWorkflow pointOfCare={point} workflows={workflows} onMapped={onMapped} />
              )
            }
          />
        );
      })}
    </Box>
  );
}
