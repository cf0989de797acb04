import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/en-US.ts';
import {
  authMethods,
  type ConnectionFormValues,
  metadataSources,
  overageChoices,
} from './connection-form.ts';
import { RadioInput, SelectInput, TextInput } from './form-inputs.tsx';

function Subheading({ text }: { readonly text: MessageId }) {
  const intl = useIntl();
  return (
    <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
      {intl.formatMessage({ id: text })}
    </Typography>
  );
}

function useChoices(prefix: string, values: readonly string[]) {
  const intl = useIntl();
  return values.map((value) => ({
    value,
    label: intl.formatMessage({ id: `${prefix}.${value}` as MessageId }),
  }));
}

/**
 * An OpenID Connect connection's fields: the hospital's issuer and Careboard's client there, then
 * where the claims are read. The secret is write-only: with one stored, blank keeps it; with
 * private_key_jwt there is none (Careboard signs with its own key, published at the JWKS URI).
 */
export function OidcFields({ secretStored }: { readonly secretStored: boolean }) {
  const intl = useIntl();
  const { control } = useFormContext<ConnectionFormValues>();
  const method = useWatch({ control, name: 'token_endpoint_auth_method' });
  const methodChoices = useChoices('signIn.authMethod', authMethods);
  const overage = useChoices('signIn.overage', overageChoices);
  return (
    <>
      <Subheading text="signIn.form.provider" />
      <TextInput name="issuer" label="signIn.field.issuer" helper="signIn.field.issuerHelp" required />
      <TextInput name="client_id" label="signIn.field.clientId" required />
      <SelectInput
        name="token_endpoint_auth_method"
        label="signIn.field.authMethod"
        choices={methodChoices}
      />
      {method === 'private_key_jwt' ? (
        <Typography variant="body2" sx={{ my: 1 }}>
          {intl.formatMessage({ id: 'signIn.field.privateKeyHelp' })}
        </Typography>
      ) : (
        <TextInput
          name="client_secret"
          label="signIn.field.clientSecret"
          type="password"
          autoComplete="new-password"
          helper={secretStored ? 'signIn.field.clientSecretKept' : 'signIn.field.clientSecretHelp'}
          required={!secretStored}
        />
      )}
      <TextInput name="scopes" label="signIn.field.scopes" helper="signIn.field.scopesHelp" required />
      <TextInput name="acr_values" label="signIn.field.acrValues" helper="signIn.field.acrValuesHelp" />
      <Subheading text="signIn.form.claims" />
      <Typography variant="body2">{intl.formatMessage({ id: 'signIn.form.claimsHelp' })}</Typography>
      <TextInput
        name="subject_claim"
        label="signIn.field.subjectClaim"
        helper="signIn.field.subjectClaimHelp"
        required
      />
      <TextInput name="email_claim" label="signIn.field.emailClaim" required />
      <TextInput name="name_claim" label="signIn.field.nameClaim" required />
      <TextInput name="groups_claim" label="signIn.field.groupsClaim" required />
      <SelectInput
        name="groups_overage"
        label="signIn.field.groupsOverage"
        helper="signIn.field.groupsOverageHelp"
        choices={overage}
      />
      <TextInput name="roles_claim" label="signIn.field.rolesClaim" required />
    </>
  );
}

/**
 * A SAML connection's fields: the IdP's metadata (its URL, or the XML pasted, which is not read
 * back: blank keeps what was read), then the attributes the assertion carries.
 */
export function SamlFields({ xmlStored }: { readonly xmlStored: boolean }) {
  const { control } = useFormContext<ConnectionFormValues>();
  const source = useWatch({ control, name: 'metadata_source' });
  const sources = useChoices('signIn.metadataSource', metadataSources);
  return (
    <>
      <Subheading text="signIn.form.provider" />
      <RadioInput name="metadata_source" label="signIn.field.metadataSource" choices={sources} />
      {source === 'url' ? (
        <TextInput
          name="idp_metadata_url"
          label="signIn.field.metadataUrl"
          helper="signIn.field.metadataUrlHelp"
          required
        />
      ) : (
        <TextInput
          name="idp_metadata_xml"
          label="signIn.field.metadataXml"
          helper={xmlStored ? 'signIn.field.metadataXmlKept' : 'signIn.field.metadataXmlHelp'}
          multiline
          required={!xmlStored}
        />
      )}
      <Subheading text="signIn.form.attributes" />
      <TextInput name="email_attribute" label="signIn.field.emailAttribute" required />
      <TextInput name="name_attribute" label="signIn.field.nameAttribute" required />
      <TextInput name="groups_attribute" label="signIn.field.groupsAttribute" required />
    </>
  );
}
