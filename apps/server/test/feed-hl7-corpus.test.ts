/**
 * The public corpus (test/fixtures/hl7-corpus: 94 files, 98 messages from 2.2 to 2.8, each with
 * its source and licence beside it) sent as hospitals send it, over real MLLP, by two senders
 * written apart from each other and from us: @medplum/hl7's client and Debian's python3-hl7
 * `mllp_send`, each to a server of its own. Every message's answer and stored outcome must be the
 * one fixtures/hl7-corpus/expected.json gives it, and no message is answered AA unless it was
 * applied or left out by a rule the Integrations page shows (decisions FEED-58 to FEED-72).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitFrame } from '../src/feeds/hl7/hl7-frame.ts';
import { freePort } from '../src/store/free-port.ts';
import { openByteConnection } from './hl7-sender.ts';
import { sendWithMllpSend } from './python-mllp-sender.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const CORPUS = path.join(import.meta.dirname, 'fixtures', 'hl7-corpus');

interface CorpusFile {
  readonly id: string;
  readonly file: string;
  readonly batch: boolean;
  readonly messages: readonly {
    readonly controlId: string;
    readonly sendingApplication: string;
    readonly receivingFacility: string;
    readonly charset: string;
  }[];
}

/** What each message must get: the ACK's code and the stored row's status and reason. */
interface Outcome {
  readonly code: string;
  readonly status: string;
  readonly reason: string | null;
}

const corpus = JSON.parse(readFileSync(path.join(CORPUS, 'corpus.json'), 'utf8')) as CorpusFile[];
const expected = JSON.parse(readFileSync(path.join(CORPUS, 'expected.json'), 'utf8')) as Record<
  string,
  Outcome
>;

/** A file's messages as an engine sends them: a batch as one frame, other messages one frame each. */
function framesOf(file: CorpusFile): Buffer[] {
  const bytes = readFileSync(path.join(CORPUS, file.file));
  if (file.batch) return [trimmed(bytes)];
  const split = splitFrame(bytes);
  if (!split.ok) return [trimmed(bytes)];
  return split.parts.flatMap((part) => (part.kind === 'message' ? [trimmed(part.bytes)] : []));
}

/** Without the segment ends (and stray block bytes) after the last segment, which mllp_send cannot send. */
function trimmed(bytes: Buffer): Buffer {
  let end = bytes.length;
  while (end > 0 && [0x0d, 0x0a, 0x0b].includes(bytes[end - 1] as number)) end -= 1;
  return bytes.subarray(0, end);
}

/** `<file id>#<n>`: the n-th message of a file, from 1. */
const keys = corpus.flatMap((file) => file.messages.map((_, index) => `${file.id}#${index + 1}`));

interface Run {
  server: TestServer;
  sql: pg.Client;
  port: number;
}

/** A server whose customer takes every facility the corpus names, from this machine, with a catch-all workflow. */
async function startRun(): Promise<Run> {
  const port = await freePort();
  const server = await startTestServer({
    env: { HL7_MLLP_PORT: String(port), CAREBOARD_SIMULATOR_RATE: '0' },
  });
  const sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  const facilities = new Set(
    corpus.flatMap((file) => file.messages.map((m) => m.receivingFacility)).filter(Boolean),
  );
  for (const facility of facilities) {
    await sql.query("INSERT INTO adt_facilities (facility, customer_id) VALUES ($1, 'demo')", [facility]);
    await sql.query(
      "INSERT INTO adt_senders (customer_id, facility, addresses) VALUES ('demo', $1, '{127.0.0.0/8}')",
      [facility],
    );
  }
  // The Latin-1 file names no character set: its facility's analyst sets the default (FEED-59).
  for (const file of corpus.filter((entry) => entry.id.endsWith('-latin1'))) {
    for (const message of file.messages) {
      await sql.query("UPDATE adt_facilities SET charset = '8859/1' WHERE facility = $1", [
        message.receivingFacility,
      ]);
    }
  }
  await sql.query(
    `UPDATE customers SET adt_catch_all = true, adt_workflow_id = (
       SELECT workflow_id FROM display_board_workflows WHERE customer_id = 'demo' AND display_board_id = 1
        ORDER BY position LIMIT 1) WHERE id = 'demo'`,
  );
  return { server, sql, port };
}

/**
 * Each message's ACK code and its stored row. Several files of one source reuse a sender and a
 * control id (test files written one at a time): the n-th message sent with an identity has the
 * n-th row stored with it, or, repeating one with the same content, that one's.
 */
async function outcomes(run: Run, acks: ReadonlyMap<string, string>): Promise<Record<string, Outcome>> {
  const found: Record<string, Outcome> = {};
  const seen = new Map<string, number>();
  for (const file of corpus) {
    for (const [index, message] of file.messages.entries()) {
      const key = `${file.id}#${index + 1}`;
      const identity = `${message.sendingApplication}|${message.controlId.trim()}`;
      const occurrence = seen.get(identity) ?? 0;
      seen.set(identity, occurrence + 1);
      const { rows } = await run.sql.query<{ status: string; reason: string | null }>(
        `SELECT status, reason FROM feed_messages
          WHERE feed = 'hl7' AND control_id IS NOT DISTINCT FROM nullif($1, '')
            AND coalesce(sending_application, '') = $2
          ORDER BY id`,
        [message.controlId.trim(), message.sendingApplication],
      );
      // A repeat with the same content is counted on the row it repeats, not stored again (FEED-56).
      const row = rows[occurrence] ?? rows[rows.length - 1];
      found[key] = {
        code: acks.get(key) ?? '(none)',
        status: row?.status ?? '(not stored)',
        reason: row?.reason ?? null,
      };
    }
  }
  return found;
}

/** The ACK codes of a file's answers, one per message (a batch's MSAs in order). */
function codesOf(answers: readonly string[]): string[] {
  return answers.flatMap((answer) =>
    answer
      .split('\r')
      .filter((segment) => segment.startsWith('MSA'))
      .map((segment) => segment.split('|')[1] ?? ''),
  );
}

let medplum: Run;
let python: Run;

beforeAll(async () => {
  [medplum, python] = await Promise.all([startRun(), startRun()]);
});

afterAll(async () => {
  for (const run of [medplum, python]) {
    await run?.sql.end();
    await run?.server.close();
  }
});

describe('the public corpus over MLLP', () => {
  it('covers at least 50 messages, versions 2.2 to 2.8, and gives each an expected outcome', () => {
    expect(keys.length).toBeGreaterThanOrEqual(50);
    expect(Object.keys(expected).sort()).toEqual([...keys].sort());
  });

  it('gets each message its expected answer and outcome from @medplum/hl7’s client', async () => {
    const acks = new Map<string, string>();
    const client = new Hl7Client({ host: '127.0.0.1', port: medplum.port, connectTimeout: 5_000 });
    const bytes = await openByteConnection(medplum.port);
    try {
      for (const file of corpus) {
        const codes: string[] = [];
        const latin1 = file.messages.some((m) => m.charset === '8859/1') || file.id.endsWith('latin1');
        for (const frame of framesOf(file)) {
          // A batch is not a message the client can parse, and the client waits for an ACK by MSH-10,
          // so a message without one cannot be sent by it either: those frames go as bytes.
          if (file.batch || file.messages.some((m) => m.controlId === '')) {
            codes.push(...codesOf((await bytes.exchange(frame)).map((answer) => answer.toString('latin1'))));
            continue;
          }
          const text = frame.toString(latin1 ? 'latin1' : 'utf8');
          const sender = latin1
            ? new Hl7Client({ host: '127.0.0.1', port: medplum.port, encoding: 'latin1' })
            : client;
          try {
            const ack = await sender.sendAndWait(Hl7Message.parse(text), { timeoutMs: 10_000 });
            codes.push(codesOf([ack.toString()])[0] ?? '');
          } finally {
            if (sender !== client) await sender.close();
          }
        }
        for (const [index, code] of codes.entries()) acks.set(`${file.id}#${index + 1}`, code);
      }
    } finally {
      await client.close();
      await bytes.close();
    }
    expect(await outcomes(medplum, acks)).toEqual(expected);
  });

  it('gets each message the same answer and outcome from Debian’s mllp_send', async () => {
    const acks = new Map<string, string>();
    const frames = corpus.map((file) => ({ file, frames: framesOf(file) }));
    const answers = await sendWithMllpSend(
      python.port,
      frames.flatMap((entry) => entry.frames),
      { timeoutMs: 60_000 },
    );
    let at = 0;
    for (const { file, frames: sent } of frames) {
      const codes = codesOf(answers.slice(at, at + sent.length));
      at += sent.length;
      for (const [index, code] of codes.entries()) acks.set(`${file.id}#${index + 1}`, code);
    }
    expect(await outcomes(python, acks)).toEqual(expected);
  });

  it('never answers AA for a message that was neither applied nor left out by a rule', () => {
    const wrong = Object.entries(expected).filter(
      ([, outcome]) => outcome.code === 'AA' && !['applied', 'ignored'].includes(outcome.status),
    );
    expect(wrong).toEqual([]);
    // And every ignored one says which rule.
    for (const [key, outcome] of Object.entries(expected)) {
      if (outcome.status === 'ignored')
        expect({ key, reason: outcome.reason }).toMatchObject({
          reason: expect.stringMatching(/not applied|shown on no board/),
        });
    }
  });
});
