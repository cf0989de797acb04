import type { Migration } from 'kysely';

/** The domain's migrations, named 0100-… and up so they run after core and identity. */
export const domainMigrations: Readonly<Record<string, Migration>> = Object.freeze({});
