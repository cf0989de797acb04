import type { Workflow } from '@careboard/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/en-US.ts';

/** The workflow a per-workflow list shows (feed rules, points of care), above the list. */
export function WorkflowChooser({
  label,
  workflows,
  value,
  onChange,
}: {
  readonly label: MessageId;
  readonly workflows: readonly Workflow[] | undefined;
  readonly value: Workflow | undefined;
  readonly onChange: (id: number) => void;
}) {
  const intl = useIntl();
  return (
    <TextField
      select
      label={intl.formatMessage({ id: label })}
      value={value ? String(value.id) : ''}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 260, mb: 2 }}
      size="small"
    >
      {(workflows ?? []).map((row) => (
        <MenuItem key={row.id} value={String(row.id)}>
          {row.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
