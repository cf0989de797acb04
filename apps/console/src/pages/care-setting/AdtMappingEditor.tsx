import {
  type AdtSender,
  type Facility,
  hasScopes,
  type Page,
  scopesFor,
  type Workflow,
} from '@careboard/contracts';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useConsoleIdentity } from '../../auth/console-identity.ts';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import { nameField } from '../../ui/crud/form-schema.ts';
import { listPath, useRest } from '../../ui/crud/rest.ts';
import { AdtDefaultWorkflow } from './AdtDefaultWorkflow.tsx';
import { AdtPointsOfCare } from './AdtPointsOfCare.tsx';
import { AdtSenders } from './AdtSenders.tsx';

const facilitySchema = z.object({ facility: nameField(180) });

type FacilityRow = Facility & { readonly id: string; readonly senders: number };

/**
 * HL7 ADT's mappings (FEED-45): the default workflow (for those who may change the customer's
 * settings), points of care → workflow and phase, the receiving facilities naming this customer,
 * and who may send to each (decision FEED-55: a facility without a sender takes nothing).
 */
export function AdtMappingEditor() {
  const intl = useIntl();
  const rest = useRest();
  const identity = useConsoleIdentity();
  const workflows = useLiveQuery<Page<Workflow>>(listPath('workflows'), ['workflow']);
  const facilities = useLiveQuery<Page<Facility>>(listPath('adt/facilities'), ['adt_facility']);
  const senders = useLiveQuery<Page<AdtSender>>(listPath('adt/senders'), ['adt_facility']);
  const mayChangeCustomer = hasScopes(identity.scopes, scopesFor('customer.update'));

  const facilityColumns = useMemo<GridColDef<FacilityRow>[]>(
    () => [
      {
        field: 'facility',
        headerName: intl.formatMessage({ id: 'adt.field.facility' }),
        flex: 1,
        minWidth: 200,
      },
      {
        field: 'senders',
        headerName: intl.formatMessage({ id: 'adt.field.senders' }),
        width: 220,
        valueGetter: (value: number) =>
          value > 0 ? String(value) : intl.formatMessage({ id: 'adt.facilities.noSenders' }),
      },
      {
        field: 'created_at',
        headerName: intl.formatMessage({ id: 'adt.field.addedAt' }),
        width: 220,
        valueGetter: (value: string) => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }),
      },
    ],
    [intl],
  );
  const facilityRows = useMemo(
    () =>
      facilities.data?.items.map((row) => ({
        ...row,
        id: row.facility,
        senders: senders.data?.items.filter((sender) => sender.facility === row.facility).length ?? 0,
      })),
    [facilities.data, senders.data],
  );

  return (
    <>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>{intl.formatMessage({ id: 'adt.intro' })}</Typography>
      {mayChangeCustomer && <AdtDefaultWorkflow workflows={workflows.data?.items} rest={rest} />}
      <AdtPointsOfCare workflows={workflows.data?.items} workflowsError={workflows.error} rest={rest} />
      <CrudSection<FacilityRow, z.output<typeof facilitySchema>>
        title="adt.facilities.title"
        thing="adt.facilities.thing"
        toolbar={
          <Typography sx={{ maxWidth: '70ch', mb: 1 }}>
            {intl.formatMessage({ id: 'adt.facilities.intro' })}
          </Typography>
        }
        rows={facilityRows}
        loading={facilities.loading}
        readError={facilities.error}
        columns={facilityColumns}
        fields={[{ name: 'facility', label: 'adt.field.facility', kind: 'text' }]}
        schema={facilitySchema}
        blank={{ facility: '' }}
        valuesOf={(row) => ({ facility: row.facility })}
        nameOf={(row) => row.facility}
        onCreate={(body) => rest.post('adt/facilities', body)}
        onDelete={(row) => rest.remove(`adt/facilities/${encodeURIComponent(row.facility)}`)}
        afterWrite={facilities.reload}
      />
      <AdtSenders
        facilities={facilities.data?.items}
        senders={senders.data?.items}
        loading={senders.loading}
        readError={senders.error}
        rest={rest}
        afterWrite={senders.reload}
      />
    </>
  );
}
