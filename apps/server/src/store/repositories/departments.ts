import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';
import type { Department } from './sites.ts';

const columns = ['id', 'site_id', 'name'] as const;

/** One page of the customer's departments, of one site when `siteId` is given; by name then id (BOF-07). */
export async function pageDepartments(
  db: Db,
  customerId: string,
  filter: { readonly siteId?: number | undefined },
  page: PageRequest,
): Promise<Page<Department>> {
  let query = db.selectFrom('departments').select(columns).where('customer_id', '=', customerId);
  if (filter.siteId !== undefined) query = query.where('site_id', '=', filter.siteId);
  return selectPage(query.orderBy('name').orderBy('id'), page);
}

export async function updateDepartment(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<Omit<Department, 'id'>>,
): Promise<Department | undefined> {
  return db
    .updateTable('departments')
    .set(Object.keys(patch).length > 0 ? patch : (eb) => ({ name: eb.ref('name') }))
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

/** Deletes a department; false when there is none. Its workflows and boards keep it (23503). */
export async function deleteDepartment(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('departments')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The boards of a department: their config embeds its name. */
export async function boardIdsOfDepartment(
  db: Db,
  customerId: string,
  departmentId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('display_boards')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('department_id', '=', departmentId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
