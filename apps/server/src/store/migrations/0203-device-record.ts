import type { Kysely } from 'kysely';
import { runStatements, sameCustomer } from './domain/ddl.ts';

/**
 * One device record per screen (decisions BOF-42, BOF-43): the identity provider's
 * `device_activations` (who confirmed a code, from where, when) merges into the domain's
 * `devices` (its name, its board), which also gains where it hangs (`location_id`), whether a
 * live connection holds it now (`online_until`, refreshed by the node that holds it) and when
 * someone last asked it to reload (`reload_requested_at`). Existing activations move into
 * their device (made here when the screen has not refreshed since IDN-16); the table goes.
 * Numbered after 0202 so it runs last on older databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE devices
      ADD COLUMN location_id integer,
      ADD COLUMN activated_by_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
      ADD COLUMN activated_at timestamptz,
      ADD COLUMN ip text,
      ADD COLUMN user_agent text,
      ADD COLUMN online_until timestamptz,
      ADD COLUMN reload_requested_at timestamptz,
      ADD CONSTRAINT devices_location_fkey ${sameCustomer('location_id', 'locations', 'SET NULL (location_id)')}`,
    `UPDATE devices d SET
        activated_by_id = a.account_id,
        activated_at = a.activated_at,
        ip = a.ip,
        user_agent = a.user_agent,
        last_seen_at = GREATEST(d.last_seen_at, a.last_seen_at),
        revoked_at = COALESCE(d.revoked_at, a.revoked_at)
      FROM device_activations a
      WHERE a.grant_id = d.grant_id AND a.customer_id = d.customer_id`,
    `INSERT INTO devices (customer_id, name, grant_id, activated_by_id, activated_at, ip, user_agent,
        last_seen_at, revoked_at, created_at)
      SELECT a.customer_id, 'Display ' || to_char(a.activated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') || ' ' || left(a.grant_id, 6),
        a.grant_id, a.account_id, a.activated_at, a.ip, a.user_agent, a.last_seen_at, a.revoked_at, a.activated_at
      FROM device_activations a
      WHERE NOT EXISTS (SELECT 1 FROM devices d WHERE d.grant_id = a.grant_id)`,
    'DROP TABLE device_activations',
    // The presence sweep looks only at devices some node said were online (BOF-43).
    'CREATE INDEX devices_online_until ON devices (online_until) WHERE online_until IS NOT NULL',
    'CREATE INDEX devices_location ON devices (customer_id, location_id)',
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE device_activations (
      grant_id text PRIMARY KEY,
      customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
      account_id uuid REFERENCES accounts (id) ON DELETE SET NULL,
      ip text,
      user_agent text,
      activated_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz,
      revoked_at timestamptz
    )`,
    `INSERT INTO device_activations (grant_id, customer_id, account_id, ip, user_agent, activated_at,
        last_seen_at, revoked_at)
      SELECT grant_id, customer_id, activated_by_id, ip, user_agent, COALESCE(activated_at, created_at),
        last_seen_at, revoked_at
      FROM devices WHERE grant_id IS NOT NULL`,
    `ALTER TABLE devices
      DROP CONSTRAINT devices_location_fkey,
      DROP COLUMN location_id,
      DROP COLUMN activated_by_id,
      DROP COLUMN activated_at,
      DROP COLUMN ip,
      DROP COLUMN user_agent,
      DROP COLUMN online_until,
      DROP COLUMN reload_requested_at`,
  ]);
}
