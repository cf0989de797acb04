import { type Kysely, sql } from 'kysely';

/**
 * A device (a screen) is the grant its activation made: `grant_id` links the
 * domain's device record, which says which board the screen shows, to the
 * identity provider's device grant, so a screen's token reads only its
 * device's board (decision IDN-16). Null for devices made by hand and not yet
 * activated. Numbered after 0200 so it runs last on older databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('grant_id', 'text').execute();
  await sql`CREATE UNIQUE INDEX devices_grant_id_key ON devices (grant_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('grant_id').execute();
}
