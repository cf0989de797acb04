import type { AdtSender, Facility } from '@careboard/contracts';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { optionalTextField } from '../../ui/crud/form-schema.ts';
import type { Rest } from '../../ui/crud/rest.ts';

/** The addresses as one field: commas or spaces between them; the server checks each (FEED-55). */
const addressesField = z
  .string()
  .transform((text) => text.split(/[\s,]+/).filter(Boolean))
  .refine((list) => list.length > 0, { error: 'IS_REQUIRED' });

const schema = z.object({
  facility: z.string().min(1, { error: 'IS_REQUIRED' }),
  sending_application: optionalTextField(180),
  sending_facility: optionalTextField(180),
  addresses: addressesField,
});

/**
 * Who may send each receiving facility's ADT (decision FEED-52): MSH-3 and MSH-4 (blank: any)
 * and the addresses or CIDR ranges the engine connects from. A facility without one takes nothing.
 */
export function AdtSenders({
  facilities,
  senders,
  loading,
  readError,
  rest,
  afterWrite,
}: {
  readonly facilities: readonly Facility[] | undefined;
  readonly senders: readonly AdtSender[] | undefined;
  readonly loading: boolean;
  readonly readError: unknown;
  readonly rest: Rest;
  readonly afterWrite: () => void;
}) {
  const intl = useIntl();
  const any = intl.formatMessage({ id: 'adt.senders.any' });
  const fields = useMemo<readonly CrudField[]>(
    () => [
      {
        name: 'facility',
        label: 'adt.field.facility',
        kind: 'select',
        options: (facilities ?? []).map((row) => ({ value: row.facility, label: row.facility })),
      },
      {
        name: 'sending_application',
        label: 'adt.field.sendingApplication',
        kind: 'text',
        helper: 'adt.field.senderNameHelp',
      },
      {
        name: 'sending_facility',
        label: 'adt.field.sendingFacility',
        kind: 'text',
        helper: 'adt.field.senderNameHelp',
      },
      { name: 'addresses', label: 'adt.field.addresses', kind: 'text', helper: 'adt.field.addressesHelp' },
    ],
    [facilities],
  );
  const columns = useMemo<GridColDef<AdtSender>[]>(
    () => [
      {
        field: 'facility',
        headerName: intl.formatMessage({ id: 'adt.field.facility' }),
        flex: 1,
        minWidth: 160,
      },
      {
        field: 'sending_application',
        headerName: intl.formatMessage({ id: 'adt.field.sendingApplication' }),
        flex: 1,
        minWidth: 160,
        valueGetter: (value: string | null) => value ?? any,
      },
      {
        field: 'sending_facility',
        headerName: intl.formatMessage({ id: 'adt.field.sendingFacility' }),
        flex: 1,
        minWidth: 160,
        valueGetter: (value: string | null) => value ?? any,
      },
      {
        field: 'addresses',
        headerName: intl.formatMessage({ id: 'adt.field.addresses' }),
        flex: 2,
        minWidth: 200,
        valueGetter: (value: readonly string[]) => value.join(', '),
      },
    ],
    [intl, any],
  );

  return (
    <CrudSection<AdtSender, z.output<typeof schema>>
      title="adt.senders.title"
      thing="adt.senders.thing"
      toolbar={
        <Typography sx={{ maxWidth: '70ch', mb: 1 }}>
          {intl.formatMessage({ id: 'adt.senders.intro' })}
        </Typography>
      }
      rows={senders}
      loading={loading}
      readError={readError}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{
        facility: facilities?.[0]?.facility ?? '',
        sending_application: '',
        sending_facility: '',
        addresses: '',
      }}
      valuesOf={(sender) => ({
        facility: sender.facility,
        sending_application: sender.sending_application ?? '',
        sending_facility: sender.sending_facility ?? '',
        addresses: sender.addresses.join(', '),
      })}
      nameOf={(sender) => `${sender.sending_application ?? any} → ${sender.facility}`}
      onCreate={(body) => rest.post('adt/senders', body)}
      onUpdate={(sender, body) => rest.patch(`adt/senders/${sender.id}`, body)}
      onDelete={(sender) => rest.remove(`adt/senders/${sender.id}`)}
      afterWrite={afterWrite}
    />
  );
}
