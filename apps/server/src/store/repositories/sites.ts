import type { Db } from '../database.ts';
import { sameCustomer } from './same-customer.ts';

export interface Site {
  readonly id: number;
  readonly name: string;
  readonly default_timezone: string;
}

export interface Department {
  readonly id: number;
  readonly site_id: number;
  readonly name: string;
}

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
