import {
  type AnnouncementPlaceholder,
  announcementPlaceholders,
  DEFAULT_ANNOUNCEMENT,
  renderAnnouncement,
} from '@careboard/contracts';
import RecordVoiceOver from '@mui/icons-material/RecordVoiceOver';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useConsoleRuntime } from '../../../runtime-config/console-runtime.ts';
import type { BoardFormValues } from '../editor/board-form.ts';
import { type SpeakOutcome, speak } from './speak.ts';
import { insertPlaceholder, type SampleValues } from './template.ts';

/**
 * The announcement template with a chip per placeholder (a click or Enter puts it at the
 * caret) and Test announcement, which speaks the template filled with sample values here
 * and shows the words it said (decisions CON-42, CON-43), with the board's voice and rate
 * through the same path a screen takes (SCR-12).
 */
export function AnnouncementFields({ timeZone }: { readonly timeZone: string }) {
  const intl = useIntl();
  const { locale } = useConsoleRuntime();
  const { register, setValue, getValues, formState } = useFormContext<BoardFormValues>();
  const input = useRef<HTMLTextAreaElement | null>(null);
  const [test, setTest] = useState<{ text: string; outcome: SpeakOutcome | 'speaking' } | null>(null);
  const field = register('announcement_template');
  const error = formState.errors.announcement_template?.message;

  const insert = (placeholder: AnnouncementPlaceholder) => {
    const element = input.current;
    const { text, caret } = insertPlaceholder(
      getValues('announcement_template'),
      placeholder,
      element ? element.selectionStart : null,
      element ? element.selectionEnd : null,
    );
    setValue('announcement_template', text, { shouldDirty: true, shouldValidate: true });
    // Back to the field with the caret after the placeholder, so typing goes on from there.
    requestAnimationFrame(() => {
      if (!element) return;
      element.focus();
      element.setSelectionRange(caret, caret);
    });
  };

  const runTest = () => {
    const sample = Object.fromEntries(
      announcementPlaceholders
        .filter((name) => name !== 'date' && name !== 'time')
        .map((name) => [name, intl.formatMessage({ id: `boards.sample.${name}` })]),
    ) as unknown as SampleValues;
    const template = getValues('announcement_template').trim() || DEFAULT_ANNOUNCEMENT;
    const text = renderAnnouncement(template, sample, { now: new Date(), locale, timeZone });
    setTest({ text, outcome: 'speaking' });
    const settings = { locale, voice: getValues('announcement_voice'), rate: getValues('announcement_rate') };
    void speak(text, settings).then((outcome) =>
      setTest((shown) => (shown?.text === text ? { text, outcome } : shown)),
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <TextField
        {...field}
        inputRef={(element: HTMLTextAreaElement | null) => {
          field.ref(element);
          input.current = element;
        }}
        multiline
        minRows={2}
        label={intl.formatMessage({ id: 'boards.field.template' })}
        placeholder={DEFAULT_ANNOUNCEMENT}
        error={error !== undefined}
        helperText={error ?? intl.formatMessage({ id: 'boards.field.template.help' })}
      />
      <Box role="group" aria-labelledby="placeholder-chips">
        <Typography id="placeholder-chips" variant="body2" sx={{ mb: 0.5 }}>
          {intl.formatMessage({ id: 'boards.placeholders' })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {announcementPlaceholders.map((placeholder) => (
            <Chip
              key={placeholder}
              label={`{${placeholder}}`}
              variant="outlined"
              onClick={() => insert(placeholder)}
              aria-label={intl.formatMessage(
                { id: 'boards.placeholder.insert' },
                { placeholder: `{${placeholder}}` },
              )}
              title={intl.formatMessage({ id: `boards.placeholder.${placeholder}` })}
            />
          ))}
        </Box>
      </Box>
      <Box>
        <Button variant="outlined" startIcon={<RecordVoiceOver aria-hidden />} onClick={runTest}>
          {intl.formatMessage({ id: 'boards.test' })}
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {test && (
          <Alert severity={test.outcome === 'failed' ? 'warning' : 'info'} data-outcome={test.outcome}>
            {test.outcome === 'fallback' && <Box>{intl.formatMessage({ id: 'boards.test.fallback' })}</Box>}
            {test.outcome === 'failed' && <Box>{intl.formatMessage({ id: 'boards.test.noSpeech' })}</Box>}
            <Box data-testid="spoken-text">
              {intl.formatMessage({ id: 'boards.test.spoken' }, { text: test.text })}
            </Box>
          </Alert>
        )}
      </Box>
    </Box>
  );
}
