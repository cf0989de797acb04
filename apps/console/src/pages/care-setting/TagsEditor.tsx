import { hasScopes, type Page, scopesFor, type Tag, tagKinds } from '@careboard/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useConsoleIdentity } from '../../auth/console-identity.ts';
import { useLiveQuery } from '../../data/use-live-query.ts';
import type { MessageId } from '../../i18n/en-US.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { choiceField, nameField } from '../../ui/crud/form-schema.ts';
import { listPath, useRest } from '../../ui/crud/rest.ts';
import { TagSilenceSetting } from './TagSilenceSetting.tsx';

const schema = z.object({ label: nameField(60), kind: choiceField(tagKinds), battery_low: z.boolean() });

/**
 * RTLS tags: patient badges, staff badges and asset tags (a badge kind makes its badge). Whether
 * one is worn changes with visits, staff and assets, so the list follows those too. Above them,
 * for admins, how long a tag may go unseen before it is non-reporting.
 */
export function TagsEditor() {
  const intl = useIntl();
  const rest = useRest();
  const identity = useConsoleIdentity();
  const mayChangeCustomer = hasScopes(identity.scopes, scopesFor('customer.update'));
  const tags = useLiveQuery<Page<Tag>>(listPath('tags'), ['tag', 'visit', 'staff', 'asset']);
  const kindText = useMemo(
    () => (kind: string) => intl.formatMessage({ id: `careSetting.tagKind.${kind}` as MessageId }),
    [intl],
  );
  const fields = useMemo<readonly CrudField[]>(
    () => [
      { name: 'label', label: 'careSetting.field.label', kind: 'text' },
      {
        name: 'kind',
        label: 'careSetting.field.kind',
        kind: 'select',
        options: tagKinds.map((kind) => ({ value: kind, label: kindText(kind) })),
      },
      { name: 'battery_low', label: 'careSetting.field.batteryLow', kind: 'switch' },
    ],
    [kindText],
  );
  const columns = useMemo<GridColDef<Tag>[]>(() => {
    return [
      {
        field: 'label',
        headerName: intl.formatMessage({ id: 'careSetting.field.label' }),
        flex: 1,
        minWidth: 120,
      },
      {
        field: 'kind',
        headerName: intl.formatMessage({ id: 'careSetting.field.kind' }),
        flex: 1,
        minWidth: 140,
        valueGetter: (value: string) => kindText(value),
      },
      {
        field: 'in_use',
        headerName: intl.formatMessage({ id: 'careSetting.field.inUse' }),
        width: 90,
        valueGetter: (value: boolean) =>
          intl.formatMessage({ id: value ? 'careSetting.inUse' : 'careSetting.free' }),
      },
      {
        field: 'battery_low',
        headerName: intl.formatMessage({ id: 'careSetting.field.batteryLow' }),
        width: 110,
        valueGetter: (value: boolean) =>
          intl.formatMessage({ id: value ? 'careSetting.batteryLow' : 'careSetting.batteryGood' }),
      },
      {
        field: 'last_seen_at',
        headerName: intl.formatMessage({ id: 'careSetting.field.lastSeen' }),
        width: 160,
        valueGetter: (value: string | null) =>
          value === null
            ? intl.formatMessage({ id: 'careSetting.never' })
            : intl.formatDate(value, { dateStyle: 'short', timeStyle: 'short' }),
      },
    ];
  }, [intl, kindText]);
  return (
    <>
      {mayChangeCustomer && <TagSilenceSetting rest={rest} />}
      <CrudSection<Tag, z.output<typeof schema>>
        title="careSetting.tags.title"
        thing="careSetting.tags.thing"
        rows={tags.data?.items}
        loading={tags.loading}
        readError={tags.error}
        columns={columns}
        fields={fields}
        schema={schema}
        blank={{ label: '', kind: 'patient_badge', battery_low: false }}
        valuesOf={(tag) => ({ label: tag.label, kind: tag.kind, battery_low: tag.battery_low })}
        nameOf={(tag) => tag.label}
        onCreate={(body) => rest.post('tags', body)}
        onUpdate={(tag, body) => rest.patch(`tags/${tag.id}`, body)}
        onDelete={(tag) => rest.remove(`tags/${tag.id}`)}
        afterWrite={tags.reload}
      />
    </>
  );
}
