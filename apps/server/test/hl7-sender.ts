import { connect, type Socket } from 'node:net';
import { type BoardFrame, boardContentSubscription } from '@careboard/contracts';
import { Hl7Message } from '@medplum/core';
import { Hl7Client, Hl7Connection } from '@medplum/hl7';
import type pg from 'pg';
import { graphqlClient } from './live-clients.ts';
import type { TestServer } from './test-server.ts';

/** What a test ADT message says (defaults: a register of a patient at the demo customer). */
export interface TestAdt {
  readonly event: string;
  readonly controlId?: string | undefined;
  readonly facility?: string | undefined;
  readonly visitNumber?: string | undefined;
  readonly patientId?: string | undefined;
  /** `Family^Given`; '' for none. */
  readonly name?: string | undefined;
  readonly pointOfCare?: string | undefined;
  readonly room?: string | undefined;
  /** MSH-3.1 and MSH-4.1 (defaults `TEST-EHR`, `TEST-HOSP`). */
  readonly sendingApplication?: string | undefined;
  readonly sendingFacility?: string | undefined;
  /** MSH-11 (default `P`). */
  readonly processingId?: string | undefined;
  /** MSH-18 (default: none). */
  readonly charset?: string | undefined;
}

/** An ADT message as an interface engine writes it (HL7 v2.5.1, segments ended by CR). */
export function adtMessage(adt: TestAdt): string {
  const segments = [
    `MSH|^~\\&|${adt.sendingApplication ?? 'TEST-EHR'}|${adt.sendingFacility ?? 'TEST-HOSP'}|CAREBOARD|${adt.facility ?? 'demo'}|20261124101530||ADT^${adt.event}^ADT_A01|${adt.controlId ?? ''}|${adt.processingId ?? 'P'}|2.5.1${adt.charset ? `||||||${adt.charset}` : ''}`,
    `EVN|${adt.event}|20261124101530`,
    `PID|1||${adt.patientId ?? 'P-1'}^^^TEST^MR||${adt.name ?? 'Testperson^Anna'}`,
    `PV1|1|O|${adt.pointOfCare ?? ''}^${adt.room ?? ''}^^TEST${'|'.repeat(16)}${adt.visitNumber ?? ''}`,
  ];
  return segments.join('\r');
}

export interface Ack {
  readonly code: string;
  /** MSA-2: the control id it answers. */
  readonly controlId: string;
  /** MSA-3. */
  readonly text: string;
  /** ERR-3.1, when there is an ERR segment. */
  readonly errorCode: string | undefined;
  readonly message: Hl7Message;
}

export function ackOf(message: Hl7Message): Ack {
  const msa = message.getSegment('MSA');
  return {
    code: msa?.getComponent(1, 1) ?? '',
    controlId: msa?.getComponent(2, 1) ?? '',
    text: msa?.getField(3)?.toString() ?? '',
    errorCode: message.getSegment('ERR')?.getComponent(3, 1),
    message,
  };
}

/** Sends one message over a new MLLP connection with @medplum/hl7's client and waits for its ACK. */
export async function sendAdt(port: number, text: string, timeoutMs = 10_000): Promise<Ack> {
  const client = new Hl7Client({ host: '127.0.0.1', port, connectTimeout: 5_000 });
  try {
    return ackOf(await client.sendAndWait(Hl7Message.parse(text), { timeoutMs }));
  } finally {
    await client.close();
  }
}

/**
 * An MLLP connection from a loopback address of the test's choosing (`127.0.0.2` …), so one
 * machine plays several hosts; framed by @medplum/hl7's Hl7Connection, as its client does.
 */
export async function connectFrom(port: number, localAddress: string) {
  const socket: Socket = await new Promise((resolve, reject) => {
    const opened = connect({ host: '127.0.0.1', port, localAddress }, () => {
      opened.off('error', reject);
      resolve(opened);
    });
    opened.once('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  const connection = new Hl7Connection(socket);
  connection.addEventListener('error', () => {});
  return {
    socket,
    closed,
    send: async (text: string, timeoutMs = 10_000): Promise<Ack> =>
      ackOf(await connection.sendAndWait(Hl7Message.parse(text), { timeoutMs })),
    close: async () => {
      socket.destroy();
      await closed;
    },
  };
}

/** Sends one message from `localAddress` over a new connection and waits for its ACK. */
export async function sendAdtFrom(port: number, text: string, localAddress: string): Promise<Ack> {
  const connection = await connectFrom(port, localAddress);
  try {
    return await connection.send(text);
  } finally {
    await connection.close();
  }
}

/** Writes raw bytes to the port and collects every MLLP frame that comes back within `waitMs`. */
export function sendRaw(port: number, bytes: Buffer, waitMs = 1_500): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
    });
    socket.on('error', reject);
    socket.on('connect', () => socket.write(bytes));
    setTimeout(() => {
      socket.destroy();
      const frames: string[] = [];
      let start = received.indexOf(0x0b);
      while (start >= 0) {
        const end = received.indexOf(Buffer.from([0x1c, 0x0d]), start);
        if (end < 0) break;
        frames.push(received.subarray(start + 1, end).toString('utf8'));
        start = received.indexOf(0x0b, end);
      }
      resolve(frames);
    }, waitMs);
  });
}

/**
 * An MLLP connection that writes frames of bytes as given and hands back the answers' bytes,
 * frame by frame, as they come (for messages in other character sets, several messages in one
 * frame, batches and frames over the limit, which a text client cannot send).
 */
export async function openByteConnection(port: number) {
  const socket: Socket = await new Promise((resolve, reject) => {
    const opened = connect({ host: '127.0.0.1', port }, () => {
      opened.off('error', reject);
      resolve(opened);
    });
    opened.once('error', reject);
  });
  const answers: Buffer[] = [];
  let pending = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const start = pending.indexOf(0x0b);
      const end = start < 0 ? -1 : pending.indexOf(Buffer.from([0x1c, 0x0d]), start);
      if (end < 0) break;
      answers.push(pending.subarray(start + 1, end));
      pending = pending.subarray(end + 2);
    }
    waiting?.();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return {
    closed,
    /** Writes one frame around the bytes and waits until `answerCount` more answers came. */
    exchange: async (payload: Buffer, answerCount = 1, timeoutMs = 10_000): Promise<Buffer[]> => {
      const from = answers.length;
      socket.write(Buffer.concat([Buffer.from([0x0b]), payload, Buffer.from([0x1c, 0x0d])]));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${answerCount} answers within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = () => {
          if (answers.length - from < answerCount) return;
          clearTimeout(timer);
          waiting = undefined;
          resolve();
        };
        waiting = check;
        check();
      });
      return answers.slice(from, from + answerCount);
    },
    close: async () => {
      socket.destroy();
      await closed;
    },
  };
}

/** An answer's text (ASCII in what we test) read as an ACK. */
export const ackOfBytes = (bytes: Buffer) => ackOf(Hl7Message.parse(bytes.toString('latin1')));

/** One MLLP frame around a text. */
export const frame = (text: string) =>
  Buffer.concat([Buffer.from([0x0b]), Buffer.from(text, 'utf8'), Buffer.from([0x1c, 0x0d])]);

type Row = { key: string; type: string } & Record<string, unknown>;

/** A workflow board's rows as its screen holds them, over the board's own GraphQL subscription. */
export function followWorkflowBoard(server: TestServer, token: string, boardId: number) {
  const frames: BoardFrame<Row>[] = [];
  const client = graphqlClient(server, () => token);
  const stop = client.subscribe<Record<string, string>>(
    {
      query: boardContentSubscription('workflowBoard'),
      variables: { displayBoardId: boardId, sinceVersion: null },
    },
    {
      next: (value) => {
        const text = value.data?.workflowBoard;
        if (text) frames.push(JSON.parse(text) as BoardFrame<Row>);
      },
      error: () => {},
      complete: () => {},
    },
  );
  return {
    frames,
    rows: () => {
      const rows = new Map<string, Row>();
      for (const f of frames) {
        if (f.kind === 'snapshot') rows.clear();
        for (const key of f.removed) rows.delete(key);
        for (const row of f.upserts) rows.set(row.key, row);
      }
      return rows;
    },
    close: async () => {
      stop();
      await client.dispose();
    },
  };
}

export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The workflow demo board 1 shows first (else the demo's first): where a test's ADT patients are seen. */
export async function boardOneWorkflowId(sql: pg.Client): Promise<number> {
  const { rows } = await sql.query<{ workflow_id: number }>(
    `SELECT coalesce(
       (SELECT workflow_id FROM display_board_workflows WHERE customer_id = 'demo' AND display_board_id = 1 ORDER BY position LIMIT 1),
       (SELECT min(id) FROM workflows WHERE customer_id = 'demo')) AS workflow_id`,
  );
  return rows[0]?.workflow_id as number;
}
