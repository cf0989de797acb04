/**
 * Fuzzes the socket gateway (decisions CON-13, FND-26): every action of contracts'
 * socketActions with random payloads (shaped like the request or anything at
 * all, odd or missing correlation ids, huge, nested, wrong types), unknown event
 * names and odd token renewals. Every action is answered with `<action>.success`
 * or `<action>.error` carrying a catalogue code (never INTERNAL_SERVER_ERROR),
 * nothing unexpected reaches the log, and the server keeps answering.
 * Replay: the seed and path printed.
 */
import {
  type ClientToServerEvents,
  isErrorCode,
  type ServerToClientEvents,
  type SocketAction,
  socketActions,
} from '@careboard/contracts';
import fc from 'fast-check';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awkwardString,
  deeplyNested,
  FUZZ_SEED,
  longString,
  recordFuzzSummary,
  Tally,
  wildJson,
  wildNumber,
  wildString,
} from './fuzz-values.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const EVENT_RUNS = 300;
const SCOPE_RUNS = 20;
/** Generous: an answer is a few milliseconds; this only tells "never answered" apart. */
const ANSWER_WITHIN_MS = 10_000;
/** The gateway's maxHttpBufferSize: a larger message ends the connection (docs/live-protocol.md). */
const MESSAGE_LIMIT_BYTES = 64 * 1024;
const FULL_SCOPE = 'access:display-board read:patients write:patients write:* read:*';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let server: TestServer;
let fullToken: string;

beforeAll(async () => {
  // Every case may need a new connection after a disconnect: lift the per-address connection rate.
  server = await startTestServer({ env: { CAREBOARD_LIVE_CONNECTIONS_PER_MINUTE: '100000' } });
  fullToken = await accessToken(server, { scope: FULL_SCOPE, sub: 'fuzz-staff' });
});
afterAll(() => server?.close());

async function connect(token: string): Promise<Client> {
  const socket: Client = io(server.config.runtime.SOCKETS_URL, {
    transports: ['websocket'],
    reconnection: false,
    query: { token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

// ---- what is sent -----------------------------------------------------------------------------

/** A correlation id: ordinary, awkward, long, empty, missing, or not a string. */
const correlation = fc.oneof(
  { arbitrary: fc.string({ minLength: 1, maxLength: 20 }), weight: 10 },
  { arbitrary: awkwardString, weight: 2 },
  { arbitrary: fc.constantFrom('', ' ', 'x'.repeat(500)), weight: 1 },
  { arbitrary: fc.constant(undefined), weight: 1 },
  { arbitrary: fc.oneof(wildNumber, fc.constant(null), fc.array(fc.string(), { maxLength: 2 })), weight: 1 },
);

const idValue = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 12 }), weight: 8 },
  { arbitrary: wildNumber, weight: 1 },
  { arbitrary: fc.oneof(wildString(10), fc.constant(null), fc.boolean()), weight: 1 },
);

const textValue = fc.oneof(
  { arbitrary: fc.string({ minLength: 1, maxLength: 40 }), weight: 5 },
  { arbitrary: awkwardString, weight: 4 },
  { arbitrary: fc.oneof(wildString(), longString, wildJson), weight: 1 },
);
const timeValue = fc.oneof(
  {
    arbitrary: fc
      .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
      .map((d) => d.toISOString()),
    weight: 3,
  },
  { arbitrary: fc.oneof(wildString(30), wildJson), weight: 1 },
);

/** Each action's request (contracts' PatientCallRequest, MessagePostRequest, …, PatientBadgeRequest), now and then with a key too many. */
const requestShaped: Record<SocketAction, fc.Arbitrary<Record<string, unknown>>> = {
  'patient.call': fc.record({ visit_id: idValue, station_id: idValue }),
  'message.post': fc.record(
    {
      text: textValue,
      display_board_id: fc.oneof(idValue, fc.constant(null)),
      workflow_id: idValue,
      expires_at: timeValue,
    },
    { requiredKeys: ['text'] },
  ),
  'device.reload': fc.record({ display_board_id: idValue }),
  'patient.admit': fc.record(
    {
      first_name: textValue,
      last_name: textValue,
      workflow_id: idValue,
      phase_id: idValue,
      badge_id: fc.oneof(idValue, fc.constant(null)),
      tag_id: fc.oneof(idValue, fc.constant(null)),
      location_id: fc.oneof(idValue, fc.constant(null)),
      staff_ids: fc.oneof(fc.array(idValue, { maxLength: 4 }), wildJson),
      family_code: textValue,
    },
    { requiredKeys: ['first_name', 'last_name', 'workflow_id'] },
  ),
  'patient.move': fc.record(
    { visit_id: idValue, phase_id: idValue, location_id: fc.oneof(idValue, fc.constant(null)) },
    { requiredKeys: ['visit_id', 'phase_id'] },
  ),
  'patient.complete': fc.record({ visit_id: idValue }),
  'patient.badge': fc.record(
    { visit_id: idValue, badge_id: fc.oneof(idValue, fc.constant(null)), tag_id: idValue },
    { requiredKeys: ['visit_id'] },
  ),
};
/** Requests the gateway accepts but for the text in them (NUL, lone surrogates, …): what reaches the services and the database. */
const validButText: Record<SocketAction, fc.Arbitrary<Record<string, unknown>>> = {
  'patient.call': fc.record({
    visit_id: fc.integer({ min: 1, max: 12 }),
    station_id: fc.integer({ min: 1, max: 6 }),
  }),
  'message.post': fc.record(
    { text: awkwardString, display_board_id: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }) },
    { requiredKeys: ['text'] },
  ),
  'device.reload': fc.record({ display_board_id: fc.integer({ min: 1, max: 4 }) }),
  // The desk's patient flow (CON-10, CON-11): names and family codes are its text.
  'patient.admit': fc.record(
    {
      first_name: awkwardString,
      last_name: awkwardString,
      workflow_id: fc.integer({ min: 1, max: 3 }),
      family_code: awkwardString,
    },
    { requiredKeys: ['first_name', 'last_name', 'workflow_id'] },
  ),
  'patient.move': fc.record({
    visit_id: fc.integer({ min: 1, max: 12 }),
    phase_id: fc.integer({ min: 1, max: 12 }),
  }),
  'patient.complete': fc.record({ visit_id: fc.integer({ min: 1, max: 12 }) }),
  'patient.badge': fc.record({
    visit_id: fc.integer({ min: 1, max: 12 }),
    badge_id: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  }),
};
const withExtraKey = (shaped: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(
      shaped,
      fc.oneof(
        { arbitrary: fc.constant(null), weight: 8 },
        { arbitrary: fc.tuple(wildString(10), wildJson), weight: 1 },
      ),
    )
    .map(([body, extra]) =>
      extra && extra[0] !== 'correlation_id' ? { ...body, [extra[0]]: extra[1] } : body,
    );

const payloadFor = (action: SocketAction) =>
  fc.oneof(
    { arbitrary: validButText[action].map((body) => ({ kind: 'valid but for its text', body })), weight: 4 },
    {
      arbitrary: withExtraKey(requestShaped[action]).map((body) => ({ kind: 'request-shaped', body })),
      weight: 6,
    },
    { arbitrary: wildJson.map((body) => ({ kind: 'any JSON', body })), weight: 2 },
    {
      arbitrary: deeplyNested.map((nested) => ({ kind: 'deeply nested', body: { text: nested } })),
      weight: 1,
    },
    {
      arbitrary: fc
        .integer({ min: 70_000, max: 100_000 })
        .map((size) => ({ kind: 'huge', body: { text: 'a'.repeat(size) } })),
      weight: 1,
    },
  );

type Case =
  | { kind: 'action'; action: SocketAction; correlationId: unknown; payload: { kind: string; body: unknown } }
  | { kind: 'unknown event'; event: string; body: unknown }
  | { kind: 'refreshToken'; body: unknown };

const actionCase = fc.constantFrom(...socketActions).chain((action) =>
  fc.record({
    kind: fc.constant('action' as const),
    action: fc.constant(action),
    correlationId: correlation,
    payload: payloadFor(action),
  }),
);
const unknownEvent = fc.record({
  kind: fc.constant('unknown event' as const),
  event: fc.oneof(
    wildString(20),
    fc.constantFrom(
      'patient.call.success',
      'message.post.error',
      'device.reload.command',
      'token.rejected',
      '__proto__',
      'constructor',
    ),
  ),
  body: wildJson,
});
const refresh = fc.record({
  kind: fc.constant('refreshToken' as const),
  body: fc.oneof(wildJson, wildString(40), fc.constant('not.a.token')),
});

const cases: fc.Arbitrary<Case> = fc.limitShrink(
  fc.oneof(
    { arbitrary: actionCase, weight: 12 },
    { arbitrary: unknownEvent, weight: 2 },
    { arbitrary: refresh, weight: 1 },
  ),
  60,
);

/** The body an action case sends: its payload with the correlation id put in, where it is an object. */
function bodyOf(input: Extract<Case, { kind: 'action' }>): unknown {
  const { body } = input.payload;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return input.correlationId === undefined ? body : { ...body, correlation_id: input.correlationId };
}

/** The correlation id the gateway answers with: the string, cut to 100 characters, or ''. */
function expectedCorrelation(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return '';
  const id = (body as { correlation_id?: unknown }).correlation_id;
  return typeof id === 'string' ? id.slice(0, 100) : '';
}

/** Emits anything under any name: the typed events are exactly what this suite does not keep to. */
const emitRaw = (socket: Client, event: string, body: unknown) =>
  (socket as unknown as { emit(event: string, body: unknown): void }).emit(event, body);

// ---- what comes back ------------------------------------------------------------------------

type Answer =
  | { kind: 'success' | 'error'; payload: { correlation_id?: unknown; code?: unknown } }
  | { kind: 'disconnected'; reason: string }
  | { kind: 'no answer' };

function answerTo(socket: Client, action: SocketAction, correlationId: string): Promise<Answer> {
  return new Promise((resolve) => {
    const listeners: [string, (...args: never[]) => void][] = [];
    let done = false;
    const finish = (answer: Answer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const [event, listener] of listeners) socket.off(event as never, listener as never);
      resolve(answer);
    };
    const on = (event: string, listener: (...args: never[]) => void) => {
      listeners.push([event, listener]);
      socket.on(event as never, listener as never);
    };
    for (const kind of ['success', 'error'] as const)
      on(`${action}.${kind}`, (payload: { correlation_id?: unknown }) => {
        if (payload?.correlation_id === correlationId) finish({ kind, payload });
      });
    on('disconnect', (reason: string) => finish({ kind: 'disconnected', reason }));
    const timer = setTimeout(() => finish({ kind: 'no answer' }), ANSWER_WITHIN_MS);
    if (!socket.connected) finish({ kind: 'disconnected', reason: 'was not connected' });
  });
}

/** A well-formed action the server must still answer: the connection and the server are alive. */
async function probe(socket: Client, n: number): Promise<Answer> {
  const id = `probe-${n}`;
  const answer = answerTo(socket, 'device.reload', id);
  socket.emit('device.reload', { correlation_id: id, display_board_id: 424242 });
  return answer;
}

/** What is wrong with an action's answer, or undefined: the property. */
function problemWith(answer: Answer, sentBytes: number): string | undefined {
  switch (answer.kind) {
    case 'no answer':
      return `no answer within ${ANSWER_WITHIN_MS} ms`;
    case 'disconnected':
      return sentBytes > MESSAGE_LIMIT_BYTES ? undefined : `disconnected (${answer.reason})`;
    case 'error': {
      const { code } = answer.payload;
      if (!isErrorCode(code)) return `error code outside the catalogue: ${JSON.stringify(answer.payload)}`;
      return code === 'INTERNAL_SERVER_ERROR'
        ? `INTERNAL_SERVER_ERROR: ${JSON.stringify(answer.payload)}`
        : undefined;
    }
    default:
      return undefined;
  }
}

const serverErrorsSince = (from: number) =>
  server.logs
    .slice(from)
    .filter((line) => Number(line.level) >= 50)
    .map((line) => `${String(line.msg)} ${JSON.stringify(line.err ?? '').slice(0, 200)}`);

const answers = new Tally();
const errorCodes = new Tally();
const kinds = new Tally();

describe('socket gateway fuzz', () => {
  it('answers every action with a catalogue success or error, and stays up', {
    timeout: 180_000,
  }, async () => {
    let socket = await connect(fullToken);
    let connections = 1;
    let probes = 0;
    const property = fc.asyncProperty(cases, async (input) => {
      if (!socket.connected) {
        socket.disconnect();
        socket = await connect(fullToken);
        connections += 1;
      }
      const logsBefore = server.logs.length;
      kinds.add(input.kind === 'action' ? `${input.action} (${input.payload.kind})` : input.kind);
      let problem: string | undefined;
      if (input.kind === 'action') {
        const body = bodyOf(input);
        const sentBytes = Buffer.byteLength(JSON.stringify(body) ?? '');
        const answer = answerTo(socket, input.action, expectedCorrelation(body));
        emitRaw(socket, input.action, body);
        const outcome = await answer;
        answers.add(outcome.kind);
        if (outcome.kind === 'error') errorCodes.add(String(outcome.payload.code));
        problem = problemWith(outcome, sentBytes);
      } else {
        try {
          emitRaw(socket, input.kind === 'refreshToken' ? 'refreshToken' : input.event, input.body);
        } catch {
          // socket.io-client refuses its reserved names (connect, disconnect, …) before sending.
          answers.add('refused by the client');
          return;
        }
        // A refreshToken that is not a good token ends the connection (token.rejected); else it must stay up.
        probes += 1;
        const outcome = await probe(socket, probes);
        answers.add(`probe ${outcome.kind}`);
        if (!(input.kind === 'refreshToken' && outcome.kind === 'disconnected'))
          problem =
            outcome.kind === 'error' ? problemWith(outcome, 0) : `probe after ${input.kind}: ${outcome.kind}`;
      }
      problem ??= serverErrorsSince(logsBefore).join('; ') || undefined;
      if (problem) throw new Error(`${input.kind}: ${problem}`);
    });
    const details = await fc.check(property, {
      seed: FUZZ_SEED,
      numRuns: EVENT_RUNS,
      includeErrorInReport: true,
    });
    if (!socket.connected) socket = await connect(fullToken);
    const alive = await probe(socket, -1);
    socket.disconnect();
    recordFuzzSummary('sockets', {
      events: kinds.total,
      connections,
      answers: answers.counts,
      errorCodes: errorCodes.counts,
      kinds: kinds.counts,
      failed: details.failed,
    });
    expect(details.failed, fc.defaultReportMessage(details)).toBe(false);
    expect(alive).toMatchObject({ kind: 'error', payload: { code: 'ENTITY_NOT_FOUND' } });
  });

  it('answers a token without the write scopes with FORBIDDEN, never success', {
    timeout: 60_000,
  }, async () => {
    const screenToken = await accessToken(server, { scope: 'access:display-board', sub: 'fuzz-screen' });
    let socket = await connect(screenToken);
    const property = fc.asyncProperty(
      fc
        .constantFrom(...socketActions)
        .chain((action) => fc.tuple(fc.constant(action), requestShaped[action])),
      async ([action, shaped]) => {
        if (!socket.connected) socket = await connect(screenToken);
        const id = `scope-${action}`;
        const answer = answerTo(socket, action, id);
        const body = { ...shaped, correlation_id: id };
        emitRaw(socket, action, body);
        const outcome = await answer;
        answers.add(`board-only ${outcome.kind}`);
        const tooLarge =
          outcome.kind === 'disconnected' && Buffer.byteLength(JSON.stringify(body)) > MESSAGE_LIMIT_BYTES;
        if (!tooLarge && (outcome.kind !== 'error' || outcome.payload.code !== 'FORBIDDEN'))
          throw new Error(`${action} without write scopes: ${JSON.stringify(outcome)}`);
      },
    );
    const details = await fc.check(property, {
      seed: FUZZ_SEED,
      numRuns: SCOPE_RUNS,
      includeErrorInReport: true,
    });
    socket.disconnect();
    expect(details.failed, fc.defaultReportMessage(details)).toBe(false);
  });
});
