import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/en-US.ts';
import { roles } from '../user-records.ts';
import type { ConnectionFormValues } from './connection-form.ts';
import { SelectInput, TextInput } from './form-inputs.tsx';
import { visuallyHidden } from './visually-hidden.ts';

type Move = { readonly index: number; readonly button: 'up' | 'down' };

/**
 * The connection's role rules in order, first match wins (IDN-26): each a group and a role, moved
 * with Move up / Move down buttons named with the rule's number (as phases are, CON-64), removed,
 * or added at the end. A move says where the rule now is in a polite status and keeps the focus
 * on the moved rule's button, so a person can press it again.
 */
export function RoleRulesField() {
  const intl = useIntl();
  const prefix = useId();
  const { control, setFocus, formState } = useFormContext<ConnectionFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'role_rules' });
  const [said, setSaid] = useState('');
  const [focusAfter, setFocusAfter] = useState<Move | undefined>(undefined);
  const headingId = `${prefix}-heading`;
  const buttonId = (button: Move['button'], index: number) => `${prefix}-${button}-${index}`;
  const roleChoices = roles.map((role) => ({
    value: role,
    label: intl.formatMessage({ id: `users.role.${role}` as MessageId }),
  }));
  const listError = formState.errors.role_rules?.root?.message ?? formState.errors.role_rules?.message;

  useEffect(() => {
    if (!focusAfter) return;
    const wanted = document.getElementById(buttonId(focusAfter.button, focusAfter.index));
    const other = document.getElementById(
      buttonId(focusAfter.button === 'up' ? 'down' : 'up', focusAfter.index),
    );
    const target = wanted instanceof HTMLButtonElement && !wanted.disabled ? wanted : other;
    target?.focus();
    setFocusAfter(undefined);
  });

  const moveRule = (index: number, delta: -1 | 1) => {
    const to = index + delta;
    move(index, to);
    setFocusAfter({ index: to, button: delta < 0 ? 'up' : 'down' });
    setSaid(intl.formatMessage({ id: 'signIn.rules.moved' }, { position: to + 1, count: fields.length }));
  };
  const removeRule = (index: number) => {
    remove(index);
    setSaid(intl.formatMessage({ id: 'signIn.rules.removed' }, { position: index + 1 }));
    if (index < fields.length - 1) setFocus(`role_rules.${index}.group`);
    else document.getElementById(`${prefix}-add`)?.focus();
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1" id={headingId}>
        {intl.formatMessage({ id: 'signIn.rules.title' })}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'signIn.rules.help' })}
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" sx={{ mb: 1, fontStyle: 'italic' }}>
          {intl.formatMessage({ id: 'signIn.rules.none' })}
        </Typography>
      )}
      <Box component="ol" aria-labelledby={headingId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((field, index) => {
          const position = index + 1;
          const ruleId = `${prefix}-rule-${index}`;
          return (
            <Box component="li" key={field.id}>
              <Box
                role="group"
                aria-labelledby={ruleId}
                sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
              >
                <Typography id={ruleId} sx={{ minWidth: '4.5rem', pt: 3 }}>
                  {intl.formatMessage({ id: 'signIn.rules.rule' }, { position })}
                </Typography>
                <Box sx={{ flex: '1 1 14rem' }}>
                  <TextInput name={`role_rules.${index}.group`} label="signIn.field.group" required />
                </Box>
                <SelectInput
                  name={`role_rules.${index}.role`}
                  label="signIn.field.ruleRole"
                  choices={roleChoices}
                  fullWidth={false}
                />
                <Box sx={{ pt: 1.5, display: 'flex' }}>
                  <IconButton
                    id={buttonId('up', index)}
                    aria-label={intl.formatMessage({ id: 'signIn.rules.up' }, { position })}
                    disabled={index === 0}
                    onClick={() => moveRule(index, -1)}
                  >
                    <ArrowUpward />
                  </IconButton>
                  <IconButton
                    id={buttonId('down', index)}
                    aria-label={intl.formatMessage({ id: 'signIn.rules.down' }, { position })}
                    disabled={index === fields.length - 1}
                    onClick={() => moveRule(index, 1)}
                  >
                    <ArrowDownward />
                  </IconButton>
                  <IconButton
                    aria-label={intl.formatMessage({ id: 'signIn.rules.remove' }, { position })}
                    onClick={() => removeRule(index)}
                  >
                    <Delete />
                  </IconButton>
                </Box>
              </Box>
            </Box>
          );
        })}
      </Box>
      {listError !== undefined && <FormHelperText error>{listError}</FormHelperText>}
      <Button
        id={`${prefix}-add`}
        startIcon={<Add />}
        onClick={() => append({ group: '', role: 'staff' }, { shouldFocus: true })}
      >
        {intl.formatMessage({ id: 'signIn.rules.add' })}
      </Button>
      <Box role="status" sx={visuallyHidden}>
        {said}
      </Box>
    </Box>
  );
}
