import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { auditExportRoutes } from './api/audit-export-routes.ts';
import { installAuditOfWrites } from './api/audit-hook.ts';
import { auditRoutes } from './api/audit-routes.ts';
import { careSettingRoutes } from './api/care-setting/care-setting-routes.ts';
import { clientErrorRoutes } from './api/client-error-routes.ts';
import { customerRoutes } from './api/customer-routes.ts';
import { deviceRoutes } from './api/devices/device-routes.ts';
import { displayBoardRoutes } from './api/display-board-routes.ts';
import { equipmentRoutes } from './api/equipment/equipment-routes.ts';
import { feedSettingsRoutes } from './api/feeds/feed-settings-routes.ts';
import { healthRoutes } from './api/health-routes.ts';
import { meRoutes } from './api/me-routes.ts';
import { messageRoutes } from './api/message-routes.ts';
import { registerOpenApi } from './api/openapi.ts';
import { patientFlowReadRoutes } from './api/patient-flow/patient-flow-read-routes.ts';
import { peopleRoutes } from './api/people/people-routes.ts';
import { scimTokenRoutes } from './api/people/scim-token-routes.ts';
import { signInConnectionRoutes } from './api/people/sign-in-connection-routes.ts';
import { runtimeConfigRoute } from './api/runtime-config-route.ts';
import { answerScimFrameworkError } from './api/scim/scim-errors.ts';
import { scimRoutes } from './api/scim/scim-routes.ts';
import { serviceRoutes } from './api/service-routes.ts';
import { visitRoutes } from './api/visit-routes.ts';
import { startAuditStream } from './audit-stream/audit-stream.ts';
import { startScheduledBackups } from './backup/scheduled-backups.ts';
import { API_PREFIX, type Config, SCIM_PREFIX } from './config/config.ts';
import { DEMO_CUSTOMER, seedDemo } from './demo/seed.ts';
import { startSimulator } from './demo/simulator.ts';
import { registerFeeds } from './feeds/register-feeds.ts';
import { serveBoardApp } from './http/board-app.ts';
import { compileTrustProxy, installForwardedHeaders } from './http/client-address.ts';
import { installCompression } from './http/compression.ts';
import { capConnectionsPerAddress, serverTimeouts } from './http/connection-limits.ts';
import { serveConsoleApp } from './http/console-app.ts';
import { installDatabaseDeadline } from './http/database-deadline.ts';
import { answerFrameworkError, BODY_LIMIT_BYTES, installErrorHandling } from './http/error-handler.ts';
import { installRequestLog } from './http/request-log.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installStorableTextCheck } from './http/storable-text-check.ts';
import { loadTls } from './http/tls.ts';
import { installXsrf } from './http/xsrf.ts';
import { seedDemoAccounts } from './identity/demo-accounts.ts';
import { registerIdentity } from './identity/register-identity.ts';
import type { Throttles } from './identity/throttle.ts';
import { presenceNodeId } from './live/devices/presence-node.ts';
import { registerLive } from './live/register-live.ts';
import { runOnOneNode } from './store/advisory-lock.ts';
import { createBoardConfigLoader } from './store/board-config-loader.ts';
import { startChangeLogPruning } from './store/change-log-pruning.ts';
import { migrateToLatest, openDatabase } from './store/database.ts';

export interface AppOptions {
  readonly config: Config;
  /** The PostgreSQL to use: DATABASE_URL, or the embedded cluster main.ts started. */
  readonly databaseUrl: string;
  readonly logger: Logger;
  /** Tests replace the sign-in and user-code budgets. */
  readonly throttles?: Throttles;
}

const isApiPath = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
const isScimPath = (path: string) => path === SCIM_PREFIX || path.startsWith(`${SCIM_PREFIX}/`);
/** What the board app's fallback never answers, and the storable-text net covers (FND-26). */
const isServicePath = (path: string) => isApiPath(path) || isScimPath(path);

/**
 * A fresh server: config → store → http → identity → api → live. Not listening yet; the caller
 * listens and closes it (closing also closes its database pool).
 */
/** How long requests still in flight may take to finish once the server is closing (FND-29). */
const CLOSE_GRACE_MS = 3_000;

/**
 * Closing waits for requests in flight, and a screen downloading the offline voice (18 MB) over a
 * slow link would hold a restart for as long as it takes: after the grace their connections are cut.
 */
function closeWithinGrace(app: FastifyInstance): void {
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });
}

/** How long one plugin may take to start before start-up fails (Fastify's default is 10 s). */
const PLUGIN_START_LIMIT_MS = 60_000;

export async function buildApp({
  config,
  databaseUrl,
  logger,
  throttles,
}: AppOptions): Promise<FastifyInstance> {
  // Whose X-Forwarded-* count: one decision for request.ip, the live upgrade limits and the cap (FND-24).
  const trustProxy = compileTrustProxy(config.http.trustedProxies);
  const timeouts = serverTimeouts(config.http.requestTimeoutSec);
  // HTTPS on PORT when TLS_CERT_FILE and TLS_KEY_FILE are set (FND-44): the same server, so the
  // WebSocket upgrades of /graphql and /socket.io/ are WSS; Fastify hands an https server only
  // its `https` options, so the header timeouts (FND-25) go there too.
  const tls = config.tls ? await loadTls(config.tls) : null;
  const app = Fastify({
    ...(tls ? { https: { ...timeouts.http, ...tls.context } } : {}),
    loggerInstance: logger as FastifyBaseLogger,
    // Our own one-line request log replaces Fastify's two lines per request.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // A path Fastify cannot route (bad percent-encoding) is a catalogue 400 too; a SCIM 400 under SCIM's.
    frameworkErrors: (error, request, reply) =>
      isScimPath(request.url.split('?')[0] ?? '')
        ? answerScimFrameworkError(error, reply)
        : answerFrameworkError(error, request, reply),
    // Header, body and idle timeouts: a trickled request is cut (FND-25).
    ...timeouts,
    return503OnClosing: true,
    // A start under load (a node restarted into its fleet's reconnections) is slow, not failed (FND-27).
    pluginTimeout: PLUGIN_START_LIMIT_MS,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  capConnectionsPerAddress(app.server, { cap: config.http.connectionsPerAddress, trustProxy, log: logger });
  installForwardedHeaders(app, {
    trust: trustProxy,
    publicScheme: config.publicUrl.startsWith('https:') ? 'https' : 'http',
  });
  installErrorHandling(app);
  installRequestLog(app);
  // One deadline on the database per request (FND-35), before any hook that may query it.
  installDatabaseDeadline(app);
  closeWithinGrace(app);
  // Under the services' text schema, a net for every API and SCIM body and query (FND-26).
  installStorableTextCheck(app, isServicePath);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // store
  const db = openDatabase(databaseUrl, 10, config.store.databaseTimeoutMs);
  app.addHook('onClose', () => db.destroy());
  await migrateToLatest(db);
  if (config.demo) {
    await seedDemo(db, logger);
    await seedDemoAccounts(db, DEMO_CUSTOMER.id, logger);
  }

  // http
  // Before any route: answers above 1 KB compressed by Accept-Encoding (FND-45).
  await installCompression(app);
  await app.register(cookie);
  await installSecurityHeaders(app, config.runtime);
  installXsrf(app, { prefix: API_PREFIX, secure: config.publicUrl.startsWith('https:') });

  // identity
  const auth = await registerIdentity(app, { config, db, log: logger, ...(throttles ? { throttles } : {}) });
  app.decorate('auth', auth);

  // api
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  await app.register(healthRoutes, { db });
  await app.register(runtimeConfigRoute, { runtime: config.runtime });
  await app.register(customerRoutes, { prefix: API_PREFIX, db });
  await app.register(meRoutes, { prefix: API_PREFIX, auth });
  await app.register(clientErrorRoutes, { prefix: API_PREFIX });
  await app.register(serviceRoutes, { prefix: API_PREFIX, db, backups: config.backups });
  await app.register(signInConnectionRoutes, { prefix: API_PREFIX, db, publicUrl: config.publicUrl });
  installAuditOfWrites(app, db);
  for (const routes of [
    displayBoardRoutes,
    visitRoutes,
    messageRoutes,
    careSettingRoutes,
    equipmentRoutes,
    deviceRoutes,
    peopleRoutes,
    patientFlowReadRoutes,
    auditRoutes,
    auditExportRoutes,
    feedSettingsRoutes,
  ]) {
    await app.register(routes, { prefix: API_PREFIX, db });
  }
  await app.register(scimTokenRoutes, {
    prefix: API_PREFIX,
    db,
    scimBaseUrl: `${config.publicUrl}${SCIM_PREFIX}`,
  });

  // scim: the hospital's directory provisions accounts and groups (RFC 7644; IDN-30 to IDN-32)
  await app.register(scimRoutes, { prefix: SCIM_PREFIX, db, baseUrl: `${config.publicUrl}${SCIM_PREFIX}` });

  // live
  await registerLive(app, {
    db,
    databaseUrl,
    auth,
    trustProxy,
    boardOrigin: config.identity.boardOrigin,
    log: logger,
    // Boards starting together (a restart) read their configs in a few queries (LIVE-34).
    findBoardConfig: createBoardConfigLoader(db),
    connectionsPerMinutePerAddress: config.live.connectionsPerMinutePerAddress,
    introspection: config.live.introspection,
    // The same node for a process restarted in its place: its screens come back to it (LIVE-54).
    presenceNode: presenceNodeId(config.nodes.machine, config.port, config.nodes.index),
    redisUrl: config.redisUrl,
  });

  // feeds: RTLS sightings (webhook, MQTT) and HL7 ADT over MLLP, stored before they are answered
  await registerFeeds(app, { db, feeds: config.feeds, host: config.host, log: logger });

  // demo: patients and equipment move while nobody is looking (CAREBOARD_SIMULATOR_RATE; 0 = off),
  // moved by one node of the cluster at a time
  if (config.demo && config.simulatorRate > 0) {
    const simulator = runOnOneNode({
      databaseUrl,
      lock: `careboard.demo-simulator:${DEMO_CUSTOMER.id}`,
      log: logger,
      start: () =>
        startSimulator({ db, customerId: DEMO_CUSTOMER.id, rate: config.simulatorRate, log: logger }),
    });
    app.addHook('preClose', () => simulator.stop());
  }

  // store upkeep: change_log keeps what catch-up and "last change" need, pruned by one node (LIVE-13)
  const pruning = runOnOneNode({
    databaseUrl,
    lock: 'careboard.change-log-pruning',
    log: logger,
    start: () =>
      startChangeLogPruning({ db, retentionHours: config.store.changeLogRetentionHours, log: logger }),
  });
  app.addHook('preClose', () => pruning.stop());

  // audit stream: every customer's audit events to the SIEM, sent by one node (BOF-57)
  const { auditSyslog } = config;
  if (auditSyslog) {
    const stream = runOnOneNode({
      databaseUrl,
      lock: 'careboard.audit-syslog',
      log: logger,
      start: () => startAuditStream({ db, target: auditSyslog, hostname: config.nodes.machine, log: logger }),
    });
    app.addHook('preClose', () => stream.stop());
  }

  // backups on a schedule, made by one node at a time (FND-47)
  const { dir: backupDir, everyHours, keep } = config.backups;
  if (backupDir) {
    const backups = runOnOneNode({
      databaseUrl,
      lock: 'careboard.scheduled-backups',
      log: logger,
      start: () =>
        startScheduledBackups({
          db,
          databaseUrl,
          dir: backupDir,
          everyMs: everyHours * 3_600_000,
          keep,
          log: logger,
        }),
    });
    app.addHook('preClose', () => backups.stop());
  }

  // console app, then board app: the board's `/*` fallback must not answer /console paths (CON-01)
  await serveConsoleApp(app, { root: config.consoleDir });
  await serveBoardApp(app, { root: config.boardDir, isApiPath: isServicePath });
  return app;
}
