import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createStaffInput,
  updateStaffInput,
  updateStaffTypeInput,
} from '../../services/care-setting/inputs.ts';
import { createStaff, deleteStaff, updateStaff, updateStaffType } from '../../services/care-setting/staff.ts';
import type { Db } from '../../store/database.ts';
import { findStaff, findStaffType, pageStaff, pageStaffTypes } from '../../store/repositories/staff.ts';
import { resourceRoutes } from './resource-routes.ts';
import { staffSchema, staffTypeSchema } from './schemas.ts';

/** /staff and /staff-types (read:staff); writes need write:*. Staff types are fixed (1–50): no POST or DELETE. */
export async function staffRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  resourceRoutes(app, db, {
    path: '/staff',
    tag: 'care setting',
    entity: 'Staff',
    read: 'staff.read',
    item: staffSchema,
    filters: { staff_type_id: z.coerce.number().int().min(1).max(32_767).optional() },
    list: (trx, customerId, filter, page) =>
      pageStaff(trx, customerId, { staffTypeId: filter.staff_type_id }, page),
    find: findStaff,
    create: { body: createStaffInput, run: createStaff },
    update: { body: updateStaffInput, run: updateStaff },
    remove: deleteStaff,
  });

  resourceRoutes(app, db, {
    path: '/staff-types',
    tag: 'care setting',
    entity: 'Staff type',
    read: 'staff.read',
    item: staffTypeSchema,
    filters: {},
    list: (trx, customerId, _filter, page) => pageStaffTypes(trx, customerId, page),
    // Staff type ids are smallints: a larger id is simply not found.
    find: (trx, customerId, id) =>
      id <= 32_767 ? findStaffType(trx, customerId, id) : Promise.resolve(undefined),
    update: { body: updateStaffTypeInput, run: updateStaffType },
  });
}
