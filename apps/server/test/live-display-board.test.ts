import { displayBoardConfigSchema, displayBoardSubscription } from '@careboard/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateDisplayBoard } from '../src/services/update-display-board.ts';
import { openDatabase } from '../src/store/database.ts';
import { graphqlClient, take } from './live-clients.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

type Result = {
  displayBoard: { id: number; name: string; department: { site: { default_timezone: string } } };
};
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { CAREBOARD_SIMULATOR_RATE: '0' } });
});
afterAll(() => server?.close());

describe('subscription displayBoard', () => {
  it('sends the current config at once, with every field, then each change', async () => {
    const token = await accessToken(server);
    const client = graphqlClient(server, () => token);
    const stream = take<Result>(client, displayBoardSubscription, { displayBoardId: 1 }, 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.values).toHaveLength(1);
    const first = stream.values[0]?.displayBoard;
    expect(displayBoardConfigSchema.parse(first)).toEqual(first);
    expect(first?.department.site.default_timezone).toBe('America/New_York');

    const db = openDatabase(server.databaseUrl, 1);
    await updateDisplayBoard(db, 'demo', 1, { name: 'Surgery — renamed' });
    await db.destroy();
    const [, second] = await stream.done;
    expect(second?.displayBoard.name).toBe('Surgery — renamed');
    stream.stop();
    await client.dispose();
  });

  it.each([
    ['an unknown board', 999_999],
    ["another customer's board", 1],
  ])('ends %s with the typed not-found error', async (name, id) => {
    const other = name.startsWith('another');
    if (other) {
      const client = new pg.Client({ connectionString: server.databaseUrl });
      await client.connect();
      await client.query(
        "INSERT INTO customers (id, auth_org_id, auth_device_client_id) VALUES ('bravo', 'org_bravo', 'bravo-device') ON CONFLICT DO NOTHING",
      );
      await client.end();
    }
    const token = await accessToken(server, other ? { org_id: 'org_bravo' } : {});
    const client = graphqlClient(server, () => token);
    const stream = take<Result>(client, displayBoardSubscription, { displayBoardId: id }, 1);
    await expect(stream.done).rejects.toEqual([
      expect.objectContaining({
        message: 'Display board does not exist.',
        extensions: { code: 'ENTITY_NOT_FOUND' },
      }),
    ]);
    await client.dispose();
  });
});
