import type { CustomerSettings } from '@careboard/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useConsoleIdentity } from '../../auth/console-identity.ts';
import type { Rest } from '../../ui/crud/rest.ts';
import { useCustomerSetting } from '../../ui/crud/use-customer-setting.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';

type TagSilence = Pick<CustomerSettings, 'tag_non_reporting_sec'>;

/**
 * How long a tag may go unseen by the RTLS feed before it is non-reporting (a customer setting,
 * saved with PATCH /customers/:id in seconds, shown in minutes): a badge silent longer is not
 * handed to a patient (TAG_IS_NON_REPORTING). Shown to those who may change the customer's settings.
 */
export function TagSilenceSetting({ rest }: { readonly rest: Rest }) {
  const intl = useIntl();
  const { customerId } = useConsoleIdentity();
  const { settings, saved, error, busy, save, edited } = useCustomerSetting<TagSilence>(rest, customerId, [
    'customer',
  ]);
  const stored = settings.data?.tag_non_reporting_sec;
  const [minutes, setMinutes] = useState('');
  useEffect(() => {
    if (stored !== undefined) setMinutes(String(Math.round(stored / 60)));
  }, [stored]);

  return (
    <Box component="section" aria-labelledby="tag-silence-heading" sx={{ mb: 3 }}>
      <Typography component="h2" variant="h5" id="tag-silence-heading" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'tags.silence.title' })}
      </Typography>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'tags.silence.help' })}
      </Typography>
      <ErrorAlert error={error} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          type="number"
          label={intl.formatMessage({ id: 'tags.silence.field' })}
          value={minutes}
          onChange={(event) => {
            setMinutes(event.target.value);
            edited();
          }}
          slotProps={{ htmlInput: { min: 1, max: 1440, step: 1 } }}
          sx={{ width: 220 }}
          size="small"
          disabled={settings.data === undefined}
        />
        <Button
          variant="contained"
          onClick={() => save({ tag_non_reporting_sec: Math.round(Number(minutes) * 60) })}
          disabled={busy || settings.data === undefined || minutes === ''}
        >
          {intl.formatMessage({ id: 'tags.silence.save' })}
        </Button>
      </Box>
      <Typography role="status" sx={{ mt: 1, minHeight: '1.5em' }}>
        {saved ? intl.formatMessage({ id: 'tags.silence.saved' }) : ''}
      </Typography>
    </Box>
  );
}
