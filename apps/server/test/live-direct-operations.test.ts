import { displayBoardSubscription, LiveCloseCode } from '@careboard/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api-client.ts';
import { rawSocket, waitUntil } from './live-clients.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

/**
 * The screens' own subscriptions run beside graphql-ws (LIVE-24): the same protocol, seen on a raw
 * socket, with the board app's own documents.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Message = { id?: string; type?: string; payload?: unknown };

async function connected() {
  const raw = await rawSocket(server);
  raw.socket.send(
    JSON.stringify({
      type: 'connection_init',
      payload: { authorization: `Bearer ${await accessToken(server)}` },
    }),
  );
  await waitUntil(() => raw.messages.some((m) => (m as Message).type === 'connection_ack'));
  const subscribe = (id: string, variables: Record<string, unknown>) =>
    raw.socket.send(
      JSON.stringify({ id, type: 'subscribe', payload: { query: displayBoardSubscription, variables } }),
    );
  const of = (id: string) => raw.messages.filter((m) => (m as Message).id === id) as Message[];
  return { ...raw, subscribe, of };
}

async function patchBoard(rotation: number): Promise<void> {
  const admin = await apiClient(server, await accessToken(server, { scope: 'access:display-board write:*' }));
  expect((await admin('PATCH', '/display-boards/1', { page_rotation_sec: rotation })).status).toBe(200);
}

describe("a screen's own subscriptions", () => {
  it('answer next with the board, follow its changes, and stop at the client’s complete', async () => {
    const raw = await connected();
    raw.subscribe('kept', { displayBoardId: 1 });
    raw.subscribe('stopped', { displayBoardId: 1 });
    await waitUntil(() => raw.of('kept').length === 1 && raw.of('stopped').length === 1);
    expect(raw.of('kept')[0]).toMatchObject({ type: 'next', payload: { data: { displayBoard: { id: 1 } } } });

    raw.socket.send(JSON.stringify({ id: 'stopped', type: 'complete' }));
    await patchBoard(23);
    await waitUntil(() => raw.of('kept').length === 2, 10_000);
    expect(raw.of('kept')[1]).toMatchObject({
      type: 'next',
      payload: { data: { displayBoard: { id: 1, page_rotation_sec: 23 } } },
    });
    // The completed one got nothing more, not even a complete of its own (the client ended it).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(raw.of('stopped')).toHaveLength(1);
    raw.socket.close();
  });

  it('end with the not-found error for a board that is not there', async () => {
    const raw = await connected();
    raw.subscribe('gone', { displayBoardId: 987_654 });
    await waitUntil(() => raw.of('gone').length > 0);
    expect(raw.of('gone')).toEqual([
      {
        id: 'gone',
        type: 'error',
        payload: [expect.objectContaining({ extensions: { code: 'ENTITY_NOT_FOUND' } })],
      },
    ]);
    raw.socket.close();
  });

  it('answer refused arguments with next carrying the errors, then complete, and keep the connection', async () => {
    const raw = await connected();
    raw.subscribe('bad', { displayBoardId: 'one' });
    await waitUntil(() => raw.of('bad').length === 2);
    expect(raw.of('bad')).toEqual([
      {
        id: 'bad',
        type: 'next',
        payload: { errors: [expect.objectContaining({ message: expect.any(String) })] },
      },
      { id: 'bad', type: 'complete' },
    ]);
    raw.subscribe('good', { displayBoardId: 1 });
    await waitUntil(() => raw.of('good').length === 1);
    expect(raw.of('good')[0]).toMatchObject({ type: 'next' });
    raw.socket.close();
  });

  it('close the connection for an id already in use (4409)', async () => {
    const raw = await connected();
    raw.subscribe('same', { displayBoardId: 1 });
    raw.subscribe('same', { displayBoardId: 1 });
    expect(await raw.closed).toBe(LiveCloseCode.SubscriberAlreadyExists);
  });

  it('count against the connection’s limit of subscriptions (4410), and a completed one no longer counts', async () => {
    const raw = await connected();
    raw.subscribe('first', { displayBoardId: 1 });
    await waitUntil(() => raw.of('first').length === 1);
    raw.socket.send(JSON.stringify({ id: 'first', type: 'complete' }));
    for (let n = 0; n < 20; n += 1) raw.subscribe(`s${n}`, { displayBoardId: 1 });
    await waitUntil(() => raw.of('s19').length === 1);
    expect(raw.socket.readyState).toBe(raw.socket.OPEN);
    raw.subscribe('one-too-many', { displayBoardId: 1 });
    expect(await raw.closed).toBe(LiveCloseCode.TooManySubscriptions);
  });
});
