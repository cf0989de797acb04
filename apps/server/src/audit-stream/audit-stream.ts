import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import type { Logger } from 'pino';
import type { AuditSyslogConfig } from '../config/config.ts';
import type { Work } from '../store/advisory-lock.ts';
import { listAuditEventsAfter } from '../store/audit-events.ts';
import type { Db } from '../store/database.ts';
import { type Gap, sendableEvents } from './sendable-events.ts';
import { auditSyslogMessage, octetCounted } from './syslog-message.ts';

export interface AuditStreamOptions {
  readonly db: Db;
  readonly target: AuditSyslogConfig;
  /** HOSTNAME of the messages: this machine (CAREBOARD_NODE_NAME or the host name). */
  readonly hostname: string;
  readonly log: Logger;
  /** How often the log is read for new events. */
  readonly pollMs?: number;
  /** How long a gap in the ids may be a transaction still under way (sendable-events.ts). */
  readonly settleMs?: number;
  /** How long a connection must stay up after a write before the cursor moves past it. */
  readonly confirmMs?: number;
}

const POLL_MS = 500;
const SETTLE_MS = 60_000;
const CONFIRM_MS = 2_000;
const BATCH = 500;
const BACKOFF_MS = { first: 500, max: 30_000 } as const;
const CONNECT_TIMEOUT_MS = 10_000;

type Socket = net.Socket | tls.TLSSocket;

/**
 * Sends every audit event of every customer to a SIEM as RFC 5424 syslog over TCP or TLS, framed
 * by octet counting (RFC 6587), in id order, from the table, not from memory (decision BOF-57):
 * the cursor (`audit_syslog_cursors`, per destination) moves only past events written on a
 * connection that then stayed up `confirmMs`, so what was written as the SIEM went down is sent
 * again (a SIEM may see an event twice, never miss one; the event id is in its structured data).
 * While the SIEM is unreachable it retries after 0.5 s, 1 s, 2 s … 30 s, and the events wait in
 * the database. Run by one node at a time (runOnOneNode).
 */
export function startAuditStream(options: AuditStreamOptions): Work {
  const { db, target, log } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  const settleMs = options.settleMs ?? SETTLE_MS;
  const confirmMs = options.confirmMs ?? CONFIRM_MS;
  const where = { destination: target.destination };
  let stopped = false;
  let socket: Socket | undefined;
  let cursor: bigint | undefined;
  let fresh = false;
  /** The last id written on the current connection; falls back to the cursor when it closes. */
  let written = 0n;
  /** Writes not confirmed yet, oldest first: the last id of each and when it went. */
  let pending: { readonly id: bigint; readonly at: number }[] = [];
  let gap: Gap | undefined;
  let backoff: number = BACKOFF_MS.first;
  let retryAt = 0;
  let down = false;

  const loadCursor = async () => {
    const row = await db
      .selectFrom('audit_syslog_cursors')
      .select('last_id')
      .where('destination', '=', target.destination)
      .executeTakeFirst();
    fresh = row === undefined;
    cursor = BigInt(row?.last_id ?? '0');
    written = cursor;
  };

  const saveCursor = async (id: bigint) => {
    await db
      .insertInto('audit_syslog_cursors')
      .values({ destination: target.destination, last_id: String(id), updated_at: new Date() })
      .onConflict((conflict) =>
        conflict.column('destination').doUpdateSet({ last_id: String(id), updated_at: new Date() }),
      )
      .execute();
    cursor = id;
    fresh = false;
  };

  const lost = (next: Socket, error?: Error) => {
    if (socket !== next) return;
    socket = undefined;
    // What was written but not confirmed goes again on the next connection.
    written = cursor ?? 0n;
    pending = [];
    if (!down) log.warn({ ...where, err: error?.message }, 'audit stream: SIEM connection lost; events wait');
    down = true;
    retryAt = Date.now() + backoff;
    backoff = Math.min(backoff * 2, BACKOFF_MS.max);
  };

  const connect = () =>
    new Promise<void>((resolve) => {
      const next: Socket = target.tls
        ? tls.connect({
            host: target.host,
            port: target.port,
            ...(net.isIP(target.host) === 0 ? { servername: target.host } : {}),
            // Read at each connection, so a renewed CA file counts from the next one.
            ...(target.caFile ? { ca: readFileSync(target.caFile) } : {}),
          })
        : net.connect({ host: target.host, port: target.port });
      const ready = target.tls ? 'secureConnect' : 'connect';
      next.setTimeout(CONNECT_TIMEOUT_MS, () => next.destroy(new Error('connection timed out')));
      next.setKeepAlive(true, 30_000);
      next.once(ready, () => {
        next.setTimeout(0);
        socket = next;
        backoff = BACKOFF_MS.first;
        if (down) log.info(where, 'audit stream: SIEM connected again');
        down = false;
        resolve();
      });
      // The receiver sends nothing; whatever it does send is read and dropped.
      next.on('data', () => undefined);
      next.on('error', (error) => {
        if (socket === next) lost(next, error);
        else {
          if (!down)
            log.warn({ ...where, err: error.message }, 'audit stream: SIEM unreachable; events wait');
          down = true;
          retryAt = Date.now() + backoff;
          backoff = Math.min(backoff * 2, BACKOFF_MS.max);
          resolve();
        }
      });
      next.on('close', () => {
        lost(next);
        resolve();
      });
    });

  const send = async (open: Socket) => {
    const read = await listAuditEventsAfter(db, String(written), BATCH);
    const now = Date.now();
    const sendable = sendableEvents(read, written, {
      gap,
      now,
      settleMs,
      fresh: fresh && written === cursor,
    });
    gap = sendable.gap;
    if (sendable.skipped > 0n) {
      log.warn({ ...where, ids: Number(sendable.skipped) }, 'audit stream: ids never committed were passed');
    }
    const last = sendable.events.at(-1);
    if (!last) return;
    const frames = sendable.events.map((event) => octetCounted(auditSyslogMessage(event, options.hostname)));
    open.write(Buffer.concat(frames));
    written = BigInt(last.id);
    pending.push({ id: written, at: now });
  };

  /** Confirmed: the connection stayed up this long after the write (a reset comes sooner). */
  const confirm = async () => {
    const due = Date.now() - confirmMs;
    let confirmed: bigint | undefined;
    while (pending[0] && pending[0].at <= due) confirmed = pending.shift()?.id;
    if (confirmed !== undefined) await saveCursor(confirmed);
  };

  const round = async () => {
    if (cursor === undefined) await loadCursor();
    if (!socket && Date.now() >= retryAt) await connect();
    const open = socket;
    if (!open || stopped) return;
    if (!open.writableNeedDrain) await send(open);
    if (socket === open) await confirm();
  };

  let wake = () => {};
  const loop = (async () => {
    while (!stopped) {
      await round().catch((error: unknown) => {
        // The database may be away for a while: the next round tries again.
        log.warn({ ...where, err: error }, 'audit stream: round failed');
      });
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake();
      await loop;
      const open = socket;
      socket = undefined;
      if (!open) return;
      // What is not confirmed is sent again by the node that takes the stream over.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          open.destroy();
          resolve();
        }, 1_000);
        timer.unref();
        open.end(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
