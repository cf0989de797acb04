import { sql } from 'kysely';
import type { Db } from '../database.ts';

/** A site as the export lists it: with how many departments it has (BOF-38). */
export interface SiteExportRow {
  readonly id: number;
  readonly name: string;
  readonly default_timezone: string;
  readonly departments: number;
  readonly created_at: Date;
}

/** A location as the export lists it: with its stations, counted and named (BOF-38). */
export interface LocationExportRow {
  readonly id: number;
  readonly name: string;
  readonly kind: string;
  readonly stations: number;
  readonly station_names: string;
}

/** Every site of the customer, by id. */
export async function listSiteExportRows(db: Db, customerId: string): Promise<SiteExportRow[]> {
  const rows = await db
    .selectFrom('sites as s')
    .select(['s.id', 's.name', 's.default_timezone', 's.created_at'])
    .select((eb) =>
      eb
        .selectFrom('departments as d')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('d.customer_id', '=', 's.customer_id')
        .whereRef('d.site_id', '=', 's.id')
        .as('departments'),
    )
    .where('s.customer_id', '=', customerId)
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({ ...row, departments: Number(row.departments ?? 0) }));
}

/** Every location of the customer, by id, with its stations' names in id order. */
export async function listLocationExportRows(db: Db, customerId: string): Promise<LocationExportRow[]> {
  const rows = await db
    .selectFrom('locations as l')
    .select(['l.id', 'l.name', 'l.kind'])
    .select((eb) => [
      eb
        .selectFrom('stations as st')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('st.customer_id', '=', 'l.customer_id')
        .whereRef('st.location_id', '=', 'l.id')
        .as('stations'),
      eb
        .selectFrom('stations as st')
        .select(sql<string>`string_agg(st.name, '; ' ORDER BY st.id)`.as('names'))
        .whereRef('st.customer_id', '=', 'l.customer_id')
        .whereRef('st.location_id', '=', 'l.id')
        .as('station_names'),
    ])
    .where('l.customer_id', '=', customerId)
    .orderBy('l.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    stations: Number(row.stations ?? 0),
    station_names: row.station_names ?? '',
  }));
}
