import type { CustomerSettings } from '@careboard/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useConsoleIdentity } from '../../../auth/console-identity.ts';
import type { MessageId } from '../../../i18n/en-US.ts';
import { useRest } from '../../../ui/crud/rest.ts';
import { useCustomerSetting } from '../../../ui/crud/use-customer-setting.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';

type Retention = Pick<
  CustomerSettings,
  'visit_name_retention_days' | 'feed_message_retention_days' | 'audit_retention_years'
>;
type Field = keyof Retention;

/** The three periods, their labels and the bounds the server checks (BOF-55). */
const fields: readonly { field: Field; label: MessageId; min: number; max: number }[] = [
  { field: 'visit_name_retention_days', label: 'privacy.retention.visitNames', min: 1, max: 3650 },
  { field: 'feed_message_retention_days', label: 'privacy.retention.feedMessages', min: 1, max: 365 },
  { field: 'audit_retention_years', label: 'privacy.retention.audit', min: 1, max: 30 },
];

/**
 * How long the customer keeps its completed visits' names, its stored feed messages and its audit
 * events (customer settings, PATCH /customers/:id; decision BOF-55). A refused value shows the
 * server's catalogue text (OUT_OF_RANGE with the bounds), in the console's locale.
 */
export function RetentionSettings() {
  const intl = useIntl();
  const rest = useRest();
  const { customerId } = useConsoleIdentity();
  const { settings, saved, error, busy, save, edited } = useCustomerSetting<Retention>(rest, customerId, [
    'customer',
  ]);
  const [values, setValues] = useState<Record<Field, string>>({
    visit_name_retention_days: '',
    feed_message_retention_days: '',
    audit_retention_years: '',
  });
  const stored = settings.data;
  useEffect(() => {
    if (!stored) return;
    setValues({
      visit_name_retention_days: String(stored.visit_name_retention_days),
      feed_message_retention_days: String(stored.feed_message_retention_days),
      audit_retention_years: String(stored.audit_retention_years),
    });
  }, [stored]);

  const saveAll = () => save(Object.fromEntries(fields.map(({ field }) => [field, Number(values[field])])));

  return (
    <Box component="section" aria-labelledby="retention-heading" sx={{ mb: 4 }}>
      <Typography component="h2" variant="h5" id="retention-heading" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'privacy.retention.title' })}
      </Typography>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'privacy.retention.help' })}
      </Typography>
      <ErrorAlert error={error} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {fields.map(({ field, label, min, max }) => (
          <TextField
            key={field}
            type="number"
            label={intl.formatMessage({ id: label })}
            value={values[field]}
            onChange={(event) => {
              setValues((current) => ({ ...current, [field]: event.target.value }));
              edited();
            }}
            slotProps={{ htmlInput: { min, max, step: 1 } }}
            sx={{ width: 280 }}
            size="small"
            disabled={stored === undefined}
          />
        ))}
        <Button
          variant="contained"
          onClick={saveAll}
          disabled={busy || stored === undefined || fields.some(({ field }) => values[field] === '')}
        >
          {intl.formatMessage({ id: 'privacy.retention.save' })}
        </Button>
      </Box>
      <Typography role="status" sx={{ mt: 1, minHeight: '1.5em' }}>
        {saved ? intl.formatMessage({ id: 'privacy.retention.saved' }) : ''}
      </Typography>
    </Box>
  );
}
