import type { Page, StaffMember, StaffType, Tag } from '@careboard/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useLiveQuery } from '../../data/use-live-query.ts';
import { CrudSection } from '../../ui/crud/CrudSection.tsx';
import type { CrudField } from '../../ui/crud/crud-types.ts';
import { idField, nameField, optionalIdField } from '../../ui/crud/form-schema.ts';
import { listPath, nameById, optionsOf, useRest } from '../../ui/crud/rest.ts';

const schema = z.object({
  display_name: nameField(120),
  staff_type_id: idField(),
  badge_id: optionalIdField(),
});

/**
 * Staff members, their type and the staff badge they wear (a badge is its tag's badge id:
 * decision BOF-16). A badge someone else wears is refused with the catalogue's TAG_IS_IN_USE text.
 */
export function StaffEditor() {
  const intl = useIntl();
  const rest = useRest();
  const staff = useLiveQuery<Page<StaffMember>>(listPath('staff'), ['staff']);
  const types = useLiveQuery<Page<StaffType>>(listPath('staff-types'), ['staff_type']);
  const badges = useLiveQuery<Page<Tag>>(listPath('tags', { kind: 'staff_badge' }), ['tag', 'staff']);
  const typeName = useMemo(() => nameById(types.data?.items, (type) => type.name), [types.data]);
  const badgeLabel = useMemo(() => {
    const labels = new Map((badges.data?.items ?? []).map((tag) => [tag.badge_id, tag.label]));
    return (badgeId: number | null) => (badgeId === null ? '' : (labels.get(badgeId) ?? ''));
  }, [badges.data]);
  const fields = useMemo<readonly CrudField[]>(
    () => [
      { name: 'display_name', label: 'careSetting.field.displayName', kind: 'text' },
      {
        name: 'staff_type_id',
        label: 'careSetting.field.staffType',
        kind: 'select',
        options: optionsOf(types.data?.items, (type) => type.name),
      },
      {
        name: 'badge_id',
        label: 'careSetting.field.badge',
        kind: 'select',
        allowNone: true,
        options: (badges.data?.items ?? [])
          .filter((tag) => tag.badge_id !== null)
          .map((tag) => ({ value: String(tag.badge_id), label: tag.label })),
      },
    ],
    [types.data, badges.data],
  );
  const columns = useMemo<GridColDef<StaffMember>[]>(
    () => [
      {
        field: 'display_name',
        headerName: intl.formatMessage({ id: 'careSetting.field.displayName' }),
        flex: 1,
        minWidth: 160,
      },
      {
        field: 'staff_type_id',
        headerName: intl.formatMessage({ id: 'careSetting.field.staffType' }),
        flex: 1,
        minWidth: 140,
        valueGetter: (_value, row) => typeName(row.staff_type_id) ?? '',
      },
      {
        field: 'badge_id',
        headerName: intl.formatMessage({ id: 'careSetting.field.badge' }),
        width: 140,
        valueGetter: (_value, row) => badgeLabel(row.badge_id),
      },
    ],
    [intl, typeName, badgeLabel],
  );
  const firstType = types.data?.items[0];
  return (
    <CrudSection<StaffMember, z.output<typeof schema>>
      title="careSetting.staff.title"
      thing="careSetting.staff.thing"
      rows={staff.data?.items}
      loading={staff.loading}
      readError={staff.error ?? types.error ?? badges.error}
      columns={columns}
      fields={fields}
      schema={schema}
      blank={{ display_name: '', staff_type_id: firstType ? String(firstType.id) : '', badge_id: '' }}
      valuesOf={(member) => ({
        display_name: member.display_name,
        staff_type_id: String(member.staff_type_id),
        badge_id: member.badge_id === null ? '' : String(member.badge_id),
      })}
      nameOf={(member) => member.display_name}
      onCreate={(body) => rest.post('staff', body)}
      onUpdate={(member, body) => rest.patch(`staff/${member.id}`, body)}
      onDelete={(member) => rest.remove(`staff/${member.id}`)}
      afterWrite={staff.reload}
    />
  );
}
