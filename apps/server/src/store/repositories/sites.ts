import type { Department, Site } from '@careboard/contracts';
import type { Db } from '../database.ts';
import { type Page, type PageRequest, selectPage } from './page.ts';
import { sameCustomer } from './same-customer.ts';

export type { Department, Site };

export async function insertSite(db: Db, customerId: string, site: Omit<Site, 'id'>): Promise<Site> {
  return db
    .insertInto('sites')
    .values({ customer_id: customerId, name: site.name, default_timezone: site.default_timezone })
    .returning(['id', 'name', 'default_timezone'])
    .executeTakeFirstOrThrow();
}

export async function listSites(db: Db, customerId: string): Promise<Site[]> {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'default_timezone'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findSite(db: Db, customerId: string, id: number): Promise<Site | undefined> {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'default_timezone'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One page of the customer's sites, by name then id (decision BOF-07). */
export async function pageSites(db: Db, customerId: string, page: PageRequest): Promise<Page<Site>> {
  const query = db
    .selectFrom('sites')
    .select(['id', 'name', 'default_timezone'])
    .where('customer_id', '=', customerId)
    .orderBy('name')
    .orderBy('id');
  return selectPage(query, page);
}

export async function updateSite(
  db: Db,
  customerId: string,
  id: number,
  patch: Partial<Omit<Site, 'id'>>,
): Promise<Site | undefined> {
  return (
    db
      .updateTable('sites')
      // An empty patch still touches the row, so an unknown id is found out.
      .set(Object.keys(patch).length > 0 ? patch : (eb) => ({ name: eb.ref('name') }))
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .returning(['id', 'name', 'default_timezone'])
      .executeTakeFirst()
  );
}

/** Deletes a site; false when the customer has none with this id. Departments keep it (23503). */
export async function deleteSite(db: Db, customerId: string, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('sites')
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The boards whose config names the site (through their department). */
export async function boardIdsOfSite(db: Db, customerId: string, siteId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('display_boards as b')
    .innerJoin('departments as d', (join) => sameCustomer(join, 'd.id', 'b.department_id'))
    .select('b.id')
    .where('b.customer_id', '=', customerId)
    .where('d.site_id', '=', siteId)
    .orderBy('b.id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertDepartment(
  db: Db,
  customerId: string,
  department: Omit<Department, 'id'>,
): Promise<Department> {
  return db
    .insertInto('departments')
    .values({ customer_id: customerId, site_id: department.site_id, name: department.name })
    .returning(['id', 'site_id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function listDepartments(db: Db, customerId: string): Promise<Department[]> {
  return db
    .selectFrom('departments')
    .select(['id', 'site_id', 'name'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

export async function findDepartment(
  db: Db,
  customerId: string,
  id: number,
): Promise<Department | undefined> {
  return db
    .selectFrom('departments')
    .select(['id', 'site_id', 'name'])
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The time zone of the site a workflow belongs to: "today" for its averages. */
export async function findWorkflowTimeZone(
  db: Db,
  customerId: string,
  workflowId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('workflows as w')
    .innerJoin('departments as d', (join) => sameCustomer(join, 'd.id', 'w.department_id'))
    .innerJoin('sites as s', (join) => sameCustomer(join, 's.id', 'd.site_id'))
    .select('s.default_timezone')
    .where('w.customer_id', '=', customerId)
    .where('w.id', '=', workflowId)
    .executeTakeFirst();
  return row?.default_timezone;
}
