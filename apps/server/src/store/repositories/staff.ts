import type { Db } from '../database.ts';

export interface StaffType {
  readonly id: number;
  readonly name: string;
  readonly abbreviation: string | null;
}

export interface StaffMember {
  readonly id: number;
  readonly display_name: string;
  readonly staff_type_id: number;
  readonly badge_id: number | null;
}

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
  return db
    .updateTable('staff_types')
    .set(patch)
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(['id', 'name', 'abbreviation'])
    .executeTakeFirst();
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
