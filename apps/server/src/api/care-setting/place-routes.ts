import { locationKinds } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createLocationInput,
  createStationInput,
  updateLocationInput,
  updateStationInput,
} from '../../services/care-setting/inputs.ts';
import { createLocation, deleteLocation, updateLocation } from '../../services/care-setting/locations.ts';
import { createStation, deleteStation, updateStation } from '../../services/care-setting/stations.ts';
import type { Db } from '../../store/database.ts';
import { findLocation, pageLocations } from '../../store/repositories/locations.ts';
import { findStation, pageStations } from '../../store/repositories/stations.ts';
import { idFilter } from '../paging.ts';
import { resourceRoutes } from './resource-routes.ts';
import { locationSchema, stationSchema } from './schemas.ts';

/** /locations and /stations (read:stations); writes need write:*. */
export async function placeRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  resourceRoutes(app, db, {
    path: '/locations',
    tag: 'care setting',
    entity: 'Location',
    read: 'station.read',
    item: locationSchema,
    filters: { kind: z.enum(locationKinds).optional() },
    list: (trx, customerId, filter, page) => pageLocations(trx, customerId, { kind: filter.kind }, page),
    find: findLocation,
    create: { body: createLocationInput, run: createLocation },
    update: { body: updateLocationInput, run: updateLocation },
    remove: deleteLocation,
  });

  resourceRoutes(app, db, {
    path: '/stations',
    tag: 'care setting',
    entity: 'Station',
    read: 'station.read',
    item: stationSchema,
    filters: { location_id: idFilter },
    list: (trx, customerId, filter, page) =>
      pageStations(trx, customerId, { locationId: filter.location_id }, page),
    find: findStation,
    create: { body: createStationInput, run: createStation },
    update: { body: updateStationInput, run: updateStation },
    remove: deleteStation,
  });
}
