import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/store/free-port.ts';
import { adtMessage, eventually, followWorkflowBoard, sendAdt } from '../apps/server/test/hl7-sender.ts';
import type { TestServer } from '../apps/server/test/test-server.ts';
import { accessToken } from '../apps/server/test/test-tokens.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot } from './browser.ts';
import { seriousAxeViolations, signInToConsole } from './console-session.ts';
import { startE2eServer } from './e2e-server.ts';
import { chooseOption } from './mui-select.ts';

// The HL7 tools on the console's Integrations page (decision FEED-67), in Chromium at 1280×800,
// against a demo server with an MLLP port: an A01 for a point of care nothing maps came in over
// MLLP and was left out; pasted into the dry run it shows "not mapped"; one click maps it, and
// the stored message read again puts the patient on the workflow board (its GraphQL frames).
const LAPTOP = { width: 1280, height: 800 } as const;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let sql: pg.Client;
let port: number;

beforeAll(async () => {
  port = await freePort();
  server = await startE2eServer({ CAREBOARD_SIMULATOR_RATE: '0', HL7_MLLP_PORT: String(port) });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: LAPTOP, bypassCSP: true });
  page = await context.newPage();
  sql = new pg.Client({ connectionString: server.databaseUrl });
  await sql.connect();
  process.stdout.write(`e2e screenshots: ${ARTIFACTS_DIR}\n`);
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await browser?.close();
  await server?.close();
});

describe('the HL7 tools on the Integrations page', () => {
  it('shows a pasted A01 for an unmapped point of care as not mapped, maps it in one click, and the replay puts the patient on the board', async () => {
    const workflow = (
      await sql.query<{ id: number; name: string }>(
        `SELECT w.id, w.name FROM display_board_workflows d JOIN workflows w ON w.id = d.workflow_id AND w.customer_id = d.customer_id
          WHERE d.customer_id = 'demo' AND d.display_board_id = 1 ORDER BY d.position LIMIT 1`,
      )
    ).rows[0] as { id: number; name: string };
    const text = adtMessage({
      event: 'A01',
      controlId: 'E2E-TOOLS-1',
      visitNumber: 'E2E-TOOLS-V1',
      pointOfCare: 'E2E-NEURO',
      name: 'Toolsby^Tamsin',
    });
    // It came in over MLLP before anyone mapped its point of care: answered, shown on no board.
    expect((await sendAdt(port, text)).code).toBe('AA');
    const board = followWorkflowBoard(server, await accessToken(server), 1);
    try {
      await eventually(() => board.frames.length > 0);
      await signInToConsole(page, server, '/console/integrations');
      await page
        .getByRole('heading', { level: 2, name: 'HL7 ADT tools', exact: true })
        .waitFor({ timeout: 30_000 });
      const unmapped = page.getByRole('table', { name: 'Unmapped points of care' });
      await unmapped.getByRole('cell', { name: 'e2e-neuro', exact: true }).waitFor({ timeout: 15_000 });

      await page
        .getByRole('textbox', { name: 'HL7 messages', exact: true })
        .fill(text.replaceAll('\r', '\n'));
      await page.getByRole('button', { name: 'Try', exact: true }).click();
      const card = page.getByRole('region', { name: /^Message 1/ });
      await card.getByText('not mapped', { exact: true }).waitFor({ timeout: 15_000 });
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'console-hl7-dry-run-not-mapped');
      expect(await seriousAxeViolations(page)).toEqual([]);

      await chooseOption(page, card, 'Workflow', workflow.name);
      await card.getByRole('button', { name: 'Map to workflow', exact: true }).click();
      await page
        .getByText(`Mapped to ${workflow.name}; 1 stored message read again, 1 of them on the board now.`, {
          exact: true,
        })
        .waitFor({ timeout: 15_000 });
      // The dry run is tried again: the place is mapped now.
      await card.getByText(`mapped to ${workflow.name}`, { exact: true }).waitFor({ timeout: 15_000 });
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'console-hl7-dry-run-mapped');

      await eventually(
        () =>
          [...board.rows().values()].some((row) => row.type === 'visit' && row.display_name === 'Tamsin T.'),
        15_000,
      );
      const { rows } = await sql.query("SELECT status FROM feed_messages WHERE control_id = 'E2E-TOOLS-1'");
      expect(rows).toEqual([{ status: 'applied' }]);
    } finally {
      await board.close();
    }
  });
});
