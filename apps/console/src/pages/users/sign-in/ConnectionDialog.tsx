import type { SignInConnection } from '@careboard/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useServerErrorText } from '../../../data/server-error-text.ts';
import type { MessageId } from '../../../i18n/en-US.ts';
import { refusedField } from '../../../ui/crud/form-schema.ts';
import {
  blankConnection,
  type ConnectionBody,
  type ConnectionFormValues,
  connectionKinds,
  connectionSchema,
  defaultRoleChoices,
  shownFields,
  valuesOfConnection,
} from './connection-form.ts';
import { SelectInput, SwitchInput, TextInput } from './form-inputs.tsx';
import { OidcFields, SamlFields } from './KindFields.tsx';
import { RoleRulesField } from './RoleRulesField.tsx';

/**
 * Add (no `connection`) or Edit a sign-in connection in a dialog: the kind (fixed once made), the
 * name, domains and switch, the kind's fields, the role rules and the default role. The dialog
 * stays open until the server accepts; a refusal naming a shown field shows under it, any other
 * above the buttons, in the catalogue's words (CON-60).
 */
export function ConnectionDialog({
  connection,
  onSubmit,
  onDone,
  onCancel,
}: {
  readonly connection?: SignInConnection | undefined;
  readonly onSubmit: (body: ConnectionBody) => Promise<unknown>;
  /** The server accepted: its answer. */
  readonly onDone: (result: unknown) => void;
  readonly onCancel: () => void;
}) {
  const intl = useIntl();
  const serverErrorText = useServerErrorText();
  const titleId = useId();
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const schema = useMemo(() => connectionSchema(connection), [connection]);
  const form = useForm<ConnectionFormValues, unknown, ConnectionBody>({
    defaultValues: connection ? valuesOfConnection(connection) : blankConnection(),
    // zod 4's resolver types a schema's input; ours is the form's values, declared by z.ZodType.
    resolver: zodResolver(schema as never) as unknown as Resolver<
      ConnectionFormValues,
      unknown,
      ConnectionBody
    >,
  });
  const [kind, metadataSource, method] = useWatch({
    control: form.control,
    name: ['kind', 'metadata_source', 'token_endpoint_auth_method'],
  });
  const kindChoices = connectionKinds.map((value) => ({
    value,
    label: intl.formatMessage({ id: `signIn.kind.${value}` }),
  }));
  const defaultRoles = defaultRoleChoices.map((value) => ({
    value,
    label: intl.formatMessage({ id: `signIn.defaultRole.${value}` as MessageId }),
  }));

  const submit = form.handleSubmit(async (body) => {
    setFormError(undefined);
    try {
      onDone(await onSubmit(body));
    } catch (error) {
      const field = refusedField(
        error,
        shownFields({ kind, metadata_source: metadataSource, token_endpoint_auth_method: method }),
      ) as keyof ConnectionFormValues | undefined;
      if (field)
        form.setError(field, { type: 'server', message: serverErrorText(error) }, { shouldFocus: true });
      else setFormError(serverErrorText(error));
    }
  });

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="md">
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>
            {connection
              ? intl.formatMessage({ id: 'crud.editTitle' }, { name: connection.name })
              : intl.formatMessage({ id: 'signIn.connections.addTitle' })}
          </DialogTitle>
          <DialogContent>
            <SelectInput
              name="kind"
              label="signIn.field.kind"
              choices={kindChoices}
              helper={connection ? 'signIn.field.kindFixed' : undefined}
              disabled={connection !== undefined}
              autoFocus={connection === undefined}
            />
            <TextInput name="name" label="signIn.field.name" required autoFocus={connection !== undefined} />
            <TextInput name="domains" label="signIn.field.domains" helper="signIn.field.domainsHelp" />
            <SwitchInput name="enabled" label="signIn.field.enabled" helper="signIn.field.enabledHelp" />
            {kind === 'oidc' ? (
              <OidcFields secretStored={connection?.kind === 'oidc' && connection.client_secret_set} />
            ) : (
              <SamlFields xmlStored={connection?.kind === 'saml' && connection.idp_metadata_url === null} />
            )}
            <RoleRulesField />
            <SelectInput
              name="default_role"
              label="signIn.field.defaultRole"
              helper="signIn.field.defaultRoleHelp"
              choices={defaultRoles}
            />
            {formError !== undefined && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {formError}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{intl.formatMessage({ id: 'crud.cancel' })}</Button>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {intl.formatMessage({ id: 'crud.save' })}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
