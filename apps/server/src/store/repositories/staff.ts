import type { StaffMember, StaffType } from '@careboard/contracts';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';

export type { StaffMember, StaffType };

/** The customer's editable copy of staff types 1–50 (migration 0101 gives every customer one). */
export async function listStaffTypes(db: Db, customerId: string): Promise<StaffType[]> {
  return db
    .selectFrom('staff_types')
    .select(['id', 'name', 'abbreviation'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function updateStaffType(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<Omit<StaffType, 'id'>>,
): Promise<StaffType | undefined> {
  return (
    db
      .updateTable('staff_types')
      // An empty patch still touches the row, so an unknown id is found out.
      .set(Object.keys(patch).length > 0 ? patch : (eb) => ({ name: eb.ref('name') }))
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .returning(['id', 'name', 'abbreviation'])
      .executeTakeFirst()
  );
}

export async function insertStaff(
  db: Db,
  customerId: string,
  staff: readonly Omit<StaffMember, 'id'>[],
): Promise<StaffMember[]> {
  if (staff.length === 0) return [];
  const rows = await db
    .insertInto('staff')
    .values(staff.map((member) => ({ ...member, customer_id: customerId })))
    .returning(['id', 'display_name', 'staff_type_id', 'badge_id'])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

export async function listStaff(db: Db, customerId: string): Promise<StaffMember[]> {
  return db
    .selectFrom('staff')
    .select(['id', 'display_name', 'staff_type_id', 'badge_id'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findStaff(db: Db, customerId: string, id: number): Promise<StaffMember | undefined> {
  return db
    .selectFrom('staff')
    .select(['id', 'display_name', 'staff_type_id', 'badge_id'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One page of the customer's staff types, by id (the fixed 1–50). */
export async function pageStaffTypes(
  db: Db,
  customerId: string,
  page: PageRequest,
): Promise<Page<StaffType>> {
  const query = db
    .selectFrom('staff_types')
    .select(['id', 'name', 'abbreviation'])
    .where('customer_id', '=', customerId)
    .orderBy('id');
  return selectPage(query, page);
}

export async function findStaffType(db: Db, customerId: string, id: number): Promise<StaffType | undefined> {
  return db
    .selectFrom('staff_types')
    .select(['id', 'name', 'abbreviation'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One page of the customer's staff, of one type when given; by display name then id (BOF-07). */
export async function pageStaff(
  db: Db,
  customerId: string,
  filter: { readonly staffTypeId?: number | undefined },
  page: PageRequest,
): Promise<Page<StaffMember>> {
  let query = db
    .selectFrom('staff')
    .select(['id', 'display_name', 'staff_type_id', 'badge_id'])
    .where('customer_id', '=', customerId);
  if (filter.staffTypeId !== undefined) query = query.where('staff_type_id', '=', filter.staffTypeId);
  return selectPage(query.orderBy('display_name').orderBy('id'), page);
}

export async function updateStaff(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<Omit<StaffMember, 'id'>>,
): Promise<StaffMember | undefined> {
  return db
    .updateTable('staff')
    .set(Object.keys(patch).length > 0 ? patch : (eb) => ({ display_name: eb.ref('display_name') }))
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(['id', 'display_name', 'staff_type_id', 'badge_id'])
    .executeTakeFirst();
}

/** Deletes a staff member (and who they were with); false when there is none. */
export async function deleteStaff(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('staff')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Whether a visit in progress wears this badge. The badge row is locked first, so an
 * admission with it (whose foreign key shares that lock) cannot slip in between.
 */
export async function isBadgeWornByActiveVisit(
  db: Db,
  customerId: string,
  badgeId: number,
): Promise<boolean> {
  await db
    .selectFrom('badges')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('id', '=', badgeId)
    .forUpdate()
    .execute();
  const row = await db
    .selectFrom('visits')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('badge_id', '=', badgeId)
    .where('completed_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
