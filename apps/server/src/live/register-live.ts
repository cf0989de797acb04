import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { GRAPHQL_PATH } from '../config/config.ts';
import type { TrustProxy } from '../http/client-address.ts';
import type { Auth } from '../identity/require-scopes.ts';
import { noteSpeech } from '../services/devices/device-presence.ts';
import { type Db, preparingStatements } from '../store/database.ts';
import { createDeviceStateLoader } from '../store/device-state-loader.ts';
import type { FindBoardConfig } from './boards/board-publisher.ts';
import { BoardPublishers } from './boards/board-publishers.ts';
import { RefreshClocks } from './boards/refresh-clocks.ts';
import { SharedReads } from './boards/shared-reads.ts';
import { warmShownBoards } from './boards/warm-boards.ts';
import { ChangeFeed } from './bus/change-feed.ts';
import { watchCustomerChanges } from './changes/customer-changes.ts';
import { DevicePresence } from './devices/device-presence.ts';
import { DeviceWatch } from './devices/device-watch.ts';
import { watchThisDevice } from './devices/this-device.ts';
import { DisplayBoardWatchers } from './graphql/display-board-watchers.ts';
import { attachGraphqlServer, DEFAULT_LIVE_LIMITS, type LiveLimits } from './graphql/graphql-server.ts';
import { createLiveSchema } from './graphql/live-schema.ts';
import { recheckConnectionsOf } from './live-identity.ts';
import { createSocketActions } from './sockets/socket-actions.ts';
import { attachSocketGateway } from './sockets/socket-gateway.ts';

/** socket.io's own path under SOCKETS_URL. */
export const SOCKETS_PATH = '/socket.io';

export interface LiveOptions {
  readonly db: Db;
  readonly databaseUrl: string;
  readonly auth: Auth;
  readonly trustProxy: TrustProxy;
  readonly boardOrigin: string;
  readonly log: Logger;
  readonly findBoardConfig: FindBoardConfig;
  /** CAREBOARD_LIVE_CONNECTIONS_PER_MINUTE: for GraphQL and for sockets, each. */
  readonly connectionsPerMinutePerAddress: number;
  /** CAREBOARD_GRAPHQL_INTROSPECTION (decision LIVE-14). */
  readonly introspection: boolean;
  readonly limits?: LiveLimits;
  /** This process's presence node (LIVE-54, `presenceNodeId`); a random one when not given. */
  readonly presenceNode?: string;
  /** REDIS_URL: socket broadcasts reach every node. Null: this node's sockets only. */
  readonly redisUrl?: string | null;
}

/**
 * The live data plane: the change feed, GraphQL subscriptions over graphql-ws
 * at /graphql, and the socket gateway at /socket.io. Changes cross nodes through
 * PostgreSQL (the change feed); socket broadcasts through Redis when there is one.
 */
export async function registerLive(app: FastifyInstance, options: LiveOptions): Promise<void> {
  // The Redis client (some 650 modules) is loaded only when REDIS_URL is set: a single node's
  // restart comes back sooner without it (FND-30).
  const fanOut = options.redisUrl
    ? await (await import('./bus/redis.ts')).connectRedisFanOut(options.redisUrl, options.log)
    : undefined;
  // onClose runs after the gateway's preClose has closed socket.io and with it the adapter.
  if (fanOut) app.addHook('onClose', () => fanOut.close());
  const feed = new ChangeFeed(options.db, options.databaseUrl, options.log);
  await feed.start();
  app.addHook('onClose', () => feed.stop());
  const { connectionsPerMinutePerAddress } = options;
  const base = options.limits ?? DEFAULT_LIVE_LIMITS;
  const limits = {
    ...base,
    connectionsPerMinutePerAddress,
    operations: { ...base.operations, introspection: options.introspection },
  };
  const boards = new BoardPublishers({
    // The board reads, repeated for every change: their plans kept (LIVE-41).
    db: preparingStatements(options.db),
    feed,
    findBoardConfig: options.findBoardConfig,
    log: options.log,
    reads: new SharedReads(),
    refresh: new RefreshClocks(),
  });
  const displayBoards = new DisplayBoardWatchers(feed, options.findBoardConfig);
  // Screens: online while connected anywhere, told of their board and reloads, closed when revoked (BOF-43..34).
  const loadState = createDeviceStateLoader(options.db);
  const presence = new DevicePresence({
    db: options.db,
    feed,
    log: options.log,
    loadState,
    ...(options.presenceNode ? { node: options.presenceNode } : {}),
  });
  presence.start();
  app.addHook('onClose', () => presence.stop());
  if (options.presenceNode) {
    // A process restarted in its place: its screens' boards open before the screens come back (LIVE-61).
    const { presenceNode: node, db, log } = options;
    const watchConfig = (customerId: string, boardId: number) =>
      displayBoards.attach(
        customerId,
        boardId,
        () => undefined,
        () => undefined,
      );
    const stopWarming = warmShownBoards({ db, node, boards, watchConfig, log });
    app.addHook('onClose', () => stopWarming());
  }
  const holdDevice = presence.open.bind(presence);
  const deviceWatch = new DeviceWatch(feed);
  const schema = createLiveSchema({
    displayBoards,
    boards,
    access: options.auth.boards,
    thisDevice: (identity) => watchThisDevice(loadState, deviceWatch, identity),
    customerChanges: (identity) => watchCustomerChanges(feed, identity),
    watchDeviceBoard: (principal, boardId, end) =>
      principal.deviceId === undefined
        ? () => undefined
        : presence.watchBoard(principal.customerId, principal.deviceId, boardId, end),
    reportSpeech: async (principal, speech) => {
      if (principal.deviceId !== undefined)
        await noteSpeech(options.db, principal.customerId, principal.deviceId, speech);
    },
  });
  // A person disabled, deleted or demoted here: their connections on this node are looked at at
  // once; other nodes' within their account cache and one sweep (IDN-22).
  const { accounts } = options.auth;
  const stopRechecks = accounts.onChange((accountId) => recheckConnectionsOf(accounts, accountId));
  app.addHook('onClose', async () => stopRechecks());
  attachGraphqlServer(app, {
    path: GRAPHQL_PATH,
    schema,
    verify: options.auth.verify,
    accounts,
    trustProxy: options.trustProxy,
    log: options.log,
    limits,
    holdDevice,
  });
  attachSocketGateway(app, {
    path: SOCKETS_PATH,
    boardOrigin: options.boardOrigin,
    verify: options.auth.verify,
    accounts,
    trustProxy: options.trustProxy,
    log: options.log,
    actions: createSocketActions(options.db),
    connectionsPerMinutePerAddress,
    holdDevice,
    ...(fanOut ? { adapter: fanOut.socketAdapter } : {}),
  });
}
