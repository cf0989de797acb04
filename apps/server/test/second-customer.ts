import pg from 'pg';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * A server without the simulator (rows move only when a test moves them), the demo customer, and
 * a second customer `bravo` (`org_bravo`, `bravo-device`) with nothing in it, for tests that check
 * one customer never reaches the other's rows; with a SQL client on its database.
 */
export async function startWithSecondCustomer(): Promise<{ server: TestServer; sql: pg.Client }> {
  const server = await startTestServer({ env: { CAREBOARD_SIMULATOR_RATE: '0' } });
  const sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  await sql.query(
    "INSERT INTO customers (id, auth_org_id, auth_device_client_id) VALUES ('bravo', 'org_bravo', 'bravo-device')",
  );
  return { server, sql };
}
