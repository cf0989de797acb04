import type { DryRunFields, DryRunMessage } from '@careboard/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/en-US.ts';

/** Who the patient is: shown even when empty, since an empty one is often why a message fails. */
const IDENTITY_FIELDS = ['patient_id', 'visit_number', 'family_name', 'given_name'] as const;
/** PV1-3's components: only those the message fills, as a mapping names only those. */
const PLACE_FIELDS = ['point_of_care', 'room', 'bed', 'facility', 'building', 'floor'] as const;

const LIST_SX = {
  display: 'grid',
  gridTemplateColumns: 'minmax(10rem, auto) 1fr',
  columnGap: 2,
  rowGap: 0.5,
  my: 1,
};

/** A term and its value, next to each other as a description list wants them. */
function Term({ name, children }: { readonly name: string; readonly children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {name}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </>
  );
}

function FieldsRead({ fields }: { readonly fields: DryRunFields }) {
  const intl = useIntl();
  const empty = intl.formatMessage({ id: 'integrations.dryRun.empty' });
  const shown = [...IDENTITY_FIELDS, ...PLACE_FIELDS.filter((field) => fields[field].trim() !== '')];
  return (
    <Box component="dl" sx={LIST_SX}>
      {shown.map((field) => (
        <Term key={field} name={intl.formatMessage({ id: `integrations.dryRun.field.${field}` })}>
          {fields[field] === '' ? empty : fields[field]}
        </Term>
      ))}
    </Box>
  );
}

function placeText(intl: IntlShape, place: DryRunMessage['place']): string {
  const workflow = place.workflow_name ?? String(place.workflow_id);
  return intl.formatMessage({ id: `integrations.dryRun.place.${place.status}` }, { workflow });
}

function answerText(intl: IntlShape, answer: DryRunMessage['answer']): string {
  const reason = answer.reason ? ` — ${answer.reason}` : '';
  const code = answer.error_code
    ? ` ${intl.formatMessage({ id: 'integrations.dryRun.errorCode' }, { code: answer.error_code })}`
    : '';
  return `${answer.code}${reason}${code}`;
}

function Effect({ effect }: { readonly effect: NonNullable<DryRunMessage['effect']> }) {
  const intl = useIntl();
  const text = (id: MessageId) => intl.formatMessage({ id });
  return (
    <>
      <Term name={text('integrations.dryRun.effect')}>{effect.kind}</Term>
      <Term name={text('integrations.dryRun.visit')}>
        {effect.visit_id === null
          ? text('integrations.dryRun.newVisit')
          : intl.formatMessage({ id: 'integrations.dryRun.visitId' }, { id: effect.visit_id })}
      </Term>
      <Term name={text('integrations.dryRun.workflow')}>{effect.workflow_name}</Term>
      <Term name={text('integrations.dryRun.phase')}>
        {effect.phase_name ??
          (effect.phase_id === null ? text('integrations.dryRun.noPhase') : effect.phase_id)}
      </Term>
      <Term name={text('integrations.dryRun.boards')}>
        {effect.boards.length === 0
          ? text('integrations.dryRun.noBoard')
          : intl.formatList(
              effect.boards.map((board) => board.name),
              { type: 'conjunction' },
            )}
      </Term>
    </>
  );
}

/**
 * One message of a dry run (FEED-67): what its header says (control id, type, processing id,
 * character set, the receiving facility and whether it is the customer's, the sender and whether
 * the facility lists it), what the feed read of it, where its place led, the answer that would
 * be sent and what would change on which boards. `action` is the map form, when the page offers it.
 */
export function DryRunMessageCard({
  message,
  action,
}: {
  readonly message: DryRunMessage;
  readonly action?: ReactNode;
}) {
  const intl = useIntl();
  const headingId = `dry-run-message-${message.index}-heading`;
  const empty = intl.formatMessage({ id: 'integrations.dryRun.empty' });
  const orEmpty = (value: string) => (value.trim() === '' ? empty : value);
  const { facility, sender } = message;
  const facilityText = intl.formatMessage(
    {
      id: facility.mapped
        ? facility.test_facility
          ? 'integrations.dryRun.facilityTest'
          : 'integrations.dryRun.facilityMapped'
        : 'integrations.dryRun.facilityNotMapped',
    },
    { name: orEmpty(facility.name) },
  );
  const senderText = intl.formatMessage(
    { id: sender.listed ? 'integrations.dryRun.senderListed' : 'integrations.dryRun.senderNotListed' },
    { application: orEmpty(sender.application), facility: orEmpty(sender.facility) },
  );

  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <CardContent>
        <Typography component="h4" variant="subtitle1" id={headingId} sx={{ fontWeight: 'medium' }}>
          {message.message_type.trim() === ''
            ? intl.formatMessage({ id: 'integrations.dryRun.headingNoType' }, { index: message.index })
            : intl.formatMessage(
                { id: 'integrations.dryRun.heading' },
                { index: message.index, type: message.message_type },
              )}
        </Typography>
        <Box component="dl" sx={LIST_SX}>
          <Term name={intl.formatMessage({ id: 'integrations.dryRun.controlId' })}>
            {orEmpty(message.control_id)}
          </Term>
          <Term name={intl.formatMessage({ id: 'integrations.dryRun.type' })}>
            {orEmpty(message.message_type)}
          </Term>
          <Term name={intl.formatMessage({ id: 'integrations.dryRun.processingId' })}>
            {orEmpty(message.processing_id)}
          </Term>
          <Term name={intl.formatMessage({ id: 'integrations.dryRun.charset' })}>
            {orEmpty(message.charset)}
          </Term>
          <Term name={intl.formatMessage({ id: 'integrations.dryRun.facility' })}>{facilityText}</Term>
          <Term name={intl.formatMessage({ id: 'integrations.dryRun.sender' })}>{senderText}</Term>
        </Box>
        <Typography component="h5" variant="subtitle2" sx={{ mt: 1 }}>
          {intl.formatMessage({ id: 'integrations.dryRun.fields' })}
        </Typography>
        {message.fields === null ? (
          <Typography variant="body2" sx={{ my: 1 }}>
            {intl.formatMessage({ id: 'integrations.dryRun.unread' })}
          </Typography>
        ) : (
          <FieldsRead fields={message.fields} />
        )}
        <Box component="dl" sx={{ ...LIST_SX, mb: action ? 2 : 0 }}>
          <Term name={intl.formatMessage({ id: 'integrations.dryRun.place' })}>
            {placeText(intl, message.place)}
          </Term>
          <Term name={intl.formatMessage({ id: 'integrations.dryRun.answer' })}>
            {answerText(intl, message.answer)}
          </Term>
          {message.effect === null ? (
            <Term name={intl.formatMessage({ id: 'integrations.dryRun.effect' })}>
              {intl.formatMessage({ id: 'integrations.dryRun.noChange' })}
            </Term>
          ) : (
            <Effect effect={message.effect} />
          )}
        </Box>
        {action}
      </CardContent>
    </Card>
  );
}
