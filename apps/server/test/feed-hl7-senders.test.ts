/**
 * Who may send ADT (decisions FEED-52, FEED-53): a facility mapping lists its senders
 * (MSH-3, MSH-4) and the addresses they may connect from; anything else is answered AR with one
 * text, stored without its body and counted for no customer. A real server, real MLLP sockets
 * bound to different loopback addresses to play different hosts, bravo's sender set up through
 * the REST routes as an admin would.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENDER_NOT_ACCEPTED } from '../src/feeds/hl7/receive-adt.ts';
import { freePort } from '../src/store/free-port.ts';
import { type ApiAnswer, apiClient } from './api-client.ts';
import { adtMessage, sendAdtFrom, type TestAdt } from './hl7-sender.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { accessToken } from './test-tokens.ts';

const ADMIN_SCOPE = 'read:departments write:* update:customer*';
/** Bravo's interface engine, and the only address it sends from. */
const BRAVO_ENGINE = { sendingApplication: 'BRAVO-EHR', sendingFacility: 'BRAVO-HOSP' } as const;
const BRAVO_HOST = '127.0.0.3';
/** A host on the network that no facility lists for bravo. */
const STRANGER = '127.0.0.2';

let server: TestServer;
let sql: pg.Client;
let port: number;
let asBravo: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
let asDemo: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;

const send = (from: string, adt: TestAdt) => sendAdtFrom(port, adtMessage(adt), from);
const toBravo = (adt: TestAdt): TestAdt => ({ facility: 'BRAVO-GENERAL', ...BRAVO_ENGINE, ...adt });

async function visits(externalId: string) {
  const { rows } = await sql.query<{ customer_id: string; display_name: string; completed_at: Date | null }>(
    'SELECT customer_id, display_name, completed_at FROM visits WHERE external_id = $1 ORDER BY id',
    [externalId],
  );
  return rows;
}

async function stored(controlId: string) {
  const { rows } = await sql.query<{
    customer_id: string | null;
    status: string;
    ack_code: string;
    body: string;
  }>(
    "SELECT customer_id, status, ack_code, body FROM feed_messages WHERE feed = 'hl7' AND control_id = $1 ORDER BY id",
    [controlId],
  );
  return rows;
}

/** What a customer's Integrations page counts for MLLP over the last 24 hours. */
async function mllpCounts(as: typeof asBravo) {
  const answer = await as('GET', '/feeds/status');
  expect(answer.status).toBe(200);
  const status = answer.body as {
    transports: { transport: string; hours: { received: number; errors: number }[] }[];
    errors: { control_id: string | null }[];
  };
  const hours = status.transports.find((t) => t.transport === 'mllp')?.hours ?? [];
  return {
    received: hours.reduce((sum, hour) => sum + hour.received, 0),
    errors: hours.reduce((sum, hour) => sum + hour.errors, 0),
    errorControlIds: status.errors.map((error) => error.control_id),
  };
}

beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ env: { HL7_MLLP_PORT: String(port) } });
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  await sql.query(
    "UPDATE customers SET adt_workflow_id = (SELECT min(id) FROM workflows WHERE customer_id = 'demo'), adt_catch_all = true WHERE id = 'demo'",
  );
  await sql.query(
    "INSERT INTO customers (id, auth_org_id, auth_device_client_id) VALUES ('bravo', 'org_bravo', 'bravo-device')",
  );
  asBravo = await apiClient(
    server,
    await accessToken(server, { scope: ADMIN_SCOPE, org_id: 'org_bravo', sub: 'bravo-admin' }),
  );
  asDemo = await apiClient(server, await accessToken(server, { scope: ADMIN_SCOPE, sub: 'demo-admin' }));
  const site = await asBravo('POST', '/sites', { name: 'Bravo Site', default_timezone: 'UTC' });
  const department = await asBravo('POST', '/departments', {
    site_id: (site.body as { id: number }).id,
    name: 'Bravo',
  });
  const workflow = await asBravo('POST', '/workflows', {
    department_id: (department.body as { id: number }).id,
    name: 'Bravo flow',
  });
  const workflowId = (workflow.body as { id: number }).id;
  expect(
    (
      await asBravo('POST', `/workflows/${workflowId}/phases`, {
        name: 'Arrived',
        color: '#336699',
        kind: 'waiting',
      })
    ).status,
  ).toBe(201);
  await sql.query("UPDATE customers SET adt_workflow_id = $1, adt_catch_all = true WHERE id = 'bravo'", [
    workflowId,
  ]);
  expect((await asBravo('POST', '/adt/facilities', { facility: 'BRAVO-GENERAL' })).status).toBe(201);
  expect(
    (
      await asBravo('POST', '/adt/senders', {
        facility: 'BRAVO-GENERAL',
        sending_application: BRAVO_ENGINE.sendingApplication,
        sending_facility: BRAVO_ENGINE.sendingFacility,
        addresses: [`${BRAVO_HOST}/32`],
      })
    ).status,
  ).toBe(201);
  // Bravo's own engine admits its patient: the path a stranger must not take.
  const admitted = await send(
    BRAVO_HOST,
    toBravo({ event: 'A04', controlId: 'B-ADMIT-1', visitNumber: 'V-BRAVO-1', name: 'Bravoson^Berta' }),
  );
  expect(admitted.code).toBe('AA');
});

afterAll(async () => {
  await sql?.end();
  await server?.close();
});

describe('a sender the facility does not list', () => {
  it('from an address not allowed, an A04 naming another customer’s facility is AR and changes nothing', async () => {
    const bravoBefore = await mllpCounts(asBravo);
    const demoBefore = await mllpCounts(asDemo);
    const ack = await send(
      STRANGER,
      toBravo({ event: 'A04', controlId: 'X-ADMIT-1', visitNumber: 'V-X-1', name: 'Intruder^Ivy' }),
    );
    expect(ack).toMatchObject({
      code: 'AR',
      controlId: 'X-ADMIT-1',
      errorCode: '204',
      text: SENDER_NOT_ACCEPTED,
    });
    expect(await visits('V-X-1')).toEqual([]);
    // Kept for the operator without its body and without a customer.
    expect(await stored('X-ADMIT-1')).toEqual([
      { customer_id: null, status: 'rejected', ack_code: 'AR', body: '' },
    ]);
    // No customer's Integrations page counts it.
    expect(await mllpCounts(asBravo)).toEqual(bravoBefore);
    expect(await mllpCounts(asDemo)).toEqual(demoBefore);
    // The operator's log says which address tried, and nothing of the patient.
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        msg: 'HL7: sender not accepted',
        address: STRANGER,
        why: 'address not allowed',
      }),
    );
    expect(JSON.stringify(server.logs)).not.toMatch(/Intruder|Ivy|Bravoson|Berta/);
  });

  it('from an address not allowed, cannot rename or discharge another customer’s patient', async () => {
    const renamed = await send(
      STRANGER,
      toBravo({ event: 'A08', controlId: 'X-RENAME-1', visitNumber: 'V-BRAVO-1', name: 'Changed^Carl' }),
    );
    const discharged = await send(
      STRANGER,
      toBravo({ event: 'A03', controlId: 'X-DISCHARGE-1', visitNumber: 'V-BRAVO-1', name: '' }),
    );
    expect([renamed.code, discharged.code]).toEqual(['AR', 'AR']);
    expect(await visits('V-BRAVO-1')).toEqual([
      { customer_id: 'bravo', display_name: 'Berta B.', completed_at: null },
    ]);
  });

  it('a sender naming an MSH-3 or MSH-4 the facility does not list is AR, even from its allowed address', async () => {
    const otherApplication = await send(
      BRAVO_HOST,
      toBravo({ event: 'A04', controlId: 'X-APP-1', sendingApplication: 'OTHER-EHR', visitNumber: 'V-X-2' }),
    );
    const otherFacility = await send(
      BRAVO_HOST,
      toBravo({ event: 'A04', controlId: 'X-FAC-1', sendingFacility: 'OTHER-HOSP', visitNumber: 'V-X-3' }),
    );
    for (const ack of [otherApplication, otherFacility]) {
      expect(ack).toMatchObject({ code: 'AR', errorCode: '204', text: SENDER_NOT_ACCEPTED });
    }
    expect([...(await visits('V-X-2')), ...(await visits('V-X-3'))]).toEqual([]);
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        msg: 'HL7: sender not accepted',
        address: BRAVO_HOST,
        why: 'sender not listed',
      }),
    );
  });

  it('a facility with no sender listed (as every facility mapped before senders existed) takes nothing', async () => {
    expect((await asBravo('POST', '/adt/facilities', { facility: 'BRAVO-OLD' })).status).toBe(201);
    const ack = await send(
      BRAVO_HOST,
      toBravo({ event: 'A04', controlId: 'X-OLD-1', facility: 'BRAVO-OLD', visitNumber: 'V-X-4' }),
    );
    expect(ack).toMatchObject({ code: 'AR', text: SENDER_NOT_ACCEPTED });
    expect(await visits('V-X-4')).toEqual([]);
    expect(server.logs).toContainEqual(
      expect.objectContaining({
        msg: 'HL7: sender not accepted',
        why: 'no senders listed',
        customer: 'bravo',
      }),
    );
  });

  it('the demo’s facility takes any sender from this machine, so a trial needs no setup', async () => {
    const ack = await send('127.0.0.9', {
      event: 'A04',
      controlId: 'LAPTOP-1',
      sendingApplication: 'LAPTOP-TOOL',
      visitNumber: 'V-LAPTOP',
      name: 'Laptop^Lena',
    });
    expect(ack.code).toBe('AA');
    expect(await visits('V-LAPTOP')).toMatchObject([{ customer_id: 'demo', completed_at: null }]);
  });
});

describe('refusal texts', () => {
  it('say the same of a visit number another customer has as of one nobody has', async () => {
    // From a stranger naming bravo's facility: the visit bravo has, and one nobody has.
    const theirs = await send(
      STRANGER,
      toBravo({ event: 'A08', controlId: 'P-1', visitNumber: 'V-BRAVO-1', name: 'Probe^Pia' }),
    );
    const nobodys = await send(
      STRANGER,
      toBravo({ event: 'A08', controlId: 'P-2', visitNumber: 'V-NOBODY', name: 'Probe^Pia' }),
    );
    // A control id bravo's engine used: not "already received".
    const repeated = await send(
      STRANGER,
      toBravo({ event: 'A04', controlId: 'B-ADMIT-1', visitNumber: 'V-BRAVO-1', name: 'Probe^Pia' }),
    );
    // A facility nobody maps.
    const unmapped = await send(
      STRANGER,
      toBravo({
        event: 'A08',
        controlId: 'P-3',
        facility: 'NOWHERE',
        visitNumber: 'V-BRAVO-1',
        name: 'Probe^Pia',
      }),
    );
    const answer = ({
      code,
      text,
      errorCode,
    }: {
      code: string;
      text: string;
      errorCode: string | undefined;
    }) => ({
      code,
      text,
      errorCode,
    });
    const refusal = { code: 'AR', text: SENDER_NOT_ACCEPTED, errorCode: '204' };
    expect([theirs, nobodys, repeated, unmapped].map(answer)).toEqual([refusal, refusal, refusal, refusal]);
    expect((await visits('V-BRAVO-1'))[0]?.display_name).toBe('Berta B.');

    // From the demo's own sender: bravo's visit number is as unknown as one nobody has.
    const atDemoTheirs = await send('127.0.0.1', {
      event: 'A03',
      controlId: 'P-4',
      visitNumber: 'V-BRAVO-1',
      name: '',
    });
    const atDemoNobodys = await send('127.0.0.1', {
      event: 'A03',
      controlId: 'P-5',
      visitNumber: 'V-NOBODY',
      name: '',
    });
    expect(answer(atDemoTheirs)).toEqual(answer(atDemoNobodys));
    expect(atDemoTheirs.code).toBe('AR');
    expect((await visits('V-BRAVO-1'))[0]?.completed_at).toBeNull();
  });
});
