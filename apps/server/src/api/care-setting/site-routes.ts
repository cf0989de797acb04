import type { FastifyInstance } from 'fastify';
import {
  createDepartment,
  deleteDepartment,
  updateDepartment,
} from '../../services/care-setting/departments.ts';
import {
  createDepartmentInput,
  createSiteInput,
  updateDepartmentInput,
  updateSiteInput,
} from '../../services/care-setting/inputs.ts';
import { createSite, deleteSite, updateSite } from '../../services/care-setting/sites.ts';
import type { Db } from '../../store/database.ts';
import { pageDepartments } from '../../store/repositories/departments.ts';
import { findDepartment, findSite, pageSites } from '../../store/repositories/sites.ts';
import { idFilter } from '../paging.ts';
import { resourceRoutes } from './resource-routes.ts';
import { departmentSchema, siteSchema } from './schemas.ts';

/** /sites (read:sites) and /departments (read:departments); writes need write:*. */
export async function siteRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  resourceRoutes(app, db, {
    path: '/sites',
    tag: 'care setting',
    entity: 'Site',
    read: 'site.read',
    item: siteSchema,
    filters: {},
    list: (trx, customerId, _filter, page) => pageSites(trx, customerId, page),
    find: findSite,
    create: { body: createSiteInput, run: createSite },
    update: { body: updateSiteInput, run: updateSite },
    remove: deleteSite,
  });

  resourceRoutes(app, db, {
    path: '/departments',
    tag: 'care setting',
    entity: 'Department',
    read: 'department.read',
    item: departmentSchema,
    filters: { site_id: idFilter },
    list: (trx, customerId, filter, page) =>
      pageDepartments(trx, customerId, { siteId: filter.site_id }, page),
    find: findDepartment,
    create: { body: createDepartmentInput, run: createDepartment },
    update: { body: updateDepartmentInput, run: updateDepartment },
    remove: deleteDepartment,
  });
}
