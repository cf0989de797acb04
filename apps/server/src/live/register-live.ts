import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { GRAPHQL_PATH } from '../config/config.ts';
import type { Auth } from '../identity/require-scopes.ts';
import type { Db } from '../store/database.ts';
import { ChangeFeed } from './bus/change-feed.ts';
import type { FindBoardConfig } from './graphql/display-board-updates.ts';
import { attachGraphqlServer, type LiveLimits } from './graphql/graphql-server.ts';
import { createLiveSchema } from './graphql/live-schema.ts';
import { createSocketActions } from './sockets/socket-actions.ts';
import { attachSocketGateway } from './sockets/socket-gateway.ts';

/** socket.io's own path under SOCKETS_URL. */
export const SOCKETS_PATH = '/socket.io';

export interface LiveOptions {
  readonly db: Db;
  readonly databaseUrl: string;
  readonly auth: Auth;
  readonly trustProxy: boolean;
  readonly boardOrigin: string;
  readonly log: Logger;
  readonly findBoardConfig: FindBoardConfig;
  readonly limits?: LiveLimits;
}

/**
 * The live data plane: the change feed, GraphQL subscriptions over graphql-ws
 * at /graphql, and the socket gateway at /socket.io.
 */
export async function registerLive(app: FastifyInstance, options: LiveOptions): Promise<void> {
  const feed = new ChangeFeed(options.db, options.databaseUrl, options.log);
  await feed.start();
  app.addHook('onClose', () => feed.stop());
  const schema = createLiveSchema({ feed, findBoardConfig: options.findBoardConfig });
  attachGraphqlServer(app, {
    path: GRAPHQL_PATH,
    schema,
    verify: options.auth.verify,
    trustProxy: options.trustProxy,
    log: options.log,
    ...(options.limits ? { limits: options.limits } : {}),
  });
  attachSocketGateway(app, {
    path: SOCKETS_PATH,
    boardOrigin: options.boardOrigin,
    verify: options.auth.verify,
    trustProxy: options.trustProxy,
    log: options.log,
    actions: createSocketActions(options.db),
  });
}
