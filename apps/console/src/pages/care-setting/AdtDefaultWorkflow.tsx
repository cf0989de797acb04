import type { CustomerSettings, Workflow } from '@careboard/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useConsoleIdentity } from '../../auth/console-identity.ts';
import type { Rest } from '../../ui/crud/rest.ts';
import { useCustomerSetting } from '../../ui/crud/use-customer-setting.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';

/** What GET /customers/:id/settings answers that the ADT tab reads. */
type CustomerAdtSetting = Pick<CustomerSettings, 'adt_workflow_id' | 'adt_catch_all'>;

/**
 * The customer's catch-all ADT workflow (customer settings, saved with PATCH /customers/:id):
 * where an admit whose point of care no mapping names goes, when the catch-all is on (it is off
 * unless turned on, decision FEED-63). Shown to those who may change the customer's settings only.
 */
export function AdtDefaultWorkflow({
  workflows,
  rest,
}: {
  readonly workflows: readonly Workflow[] | undefined;
  readonly rest: Rest;
}) {
  const intl = useIntl();
  const { customerId } = useConsoleIdentity();
  const { settings, saved, error, busy, save, edited } = useCustomerSetting<CustomerAdtSetting>(
    rest,
    customerId,
    ['customer', 'workflow'],
  );
  const stored = settings.data?.adt_workflow_id;
  const storedCatchAll = settings.data?.adt_catch_all;
  const [value, setValue] = useState('');
  const [catchAll, setCatchAll] = useState(false);
  useEffect(() => {
    if (stored !== undefined) setValue(stored === null ? '' : String(stored));
  }, [stored]);
  useEffect(() => {
    if (storedCatchAll !== undefined) setCatchAll(storedCatchAll);
  }, [storedCatchAll]);

  return (
    <Box component="section" aria-labelledby="adt-default-heading" sx={{ mb: 3 }}>
      <Typography component="h2" variant="h5" id="adt-default-heading" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'adt.default.title' })}
      </Typography>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'adt.default.help' })}
      </Typography>
      <ErrorAlert error={error} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          label={intl.formatMessage({ id: 'adt.default.field' })}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            edited();
          }}
          sx={{ minWidth: 300 }}
          size="small"
          disabled={settings.data === undefined}
        >
          <MenuItem value="">{intl.formatMessage({ id: 'adt.default.none' })}</MenuItem>
          {(workflows ?? []).map((workflow) => (
            <MenuItem key={workflow.id} value={String(workflow.id)}>
              {workflow.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={catchAll && value !== ''}
              disabled={settings.data === undefined || value === ''}
              onChange={(event) => {
                setCatchAll(event.target.checked);
                edited();
              }}
            />
          }
          label={intl.formatMessage({ id: 'adt.default.catchAll' })}
        />
        <Button
          variant="contained"
          onClick={() =>
            save({
              adt_workflow_id: value === '' ? null : Number(value),
              adt_catch_all: catchAll && value !== '',
            })
          }
          disabled={busy || settings.data === undefined}
        >
          {intl.formatMessage({ id: 'adt.default.save' })}
        </Button>
      </Box>
      <Typography role="status" sx={{ mt: 1, minHeight: '1.5em' }}>
        {saved ? intl.formatMessage({ id: 'adt.default.saved' }) : ''}
      </Typography>
    </Box>
  );
}
