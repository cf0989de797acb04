import type {
  DryRunMessage,
  DryRunResult,
  FeedStatus,
  MappedPointOfCare,
  Page,
  UnmappedPointOfCare,
  Workflow,
} from '@careboard/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { adminScopes, testIdentity, testRuntime } from '../../app/test-harness.tsx';
import { ConsoleIdentityContext } from '../../auth/console-identity.ts';
import { ConsoleRuntimeProvider } from '../../runtime-config/ConsoleRuntimeProvider.tsx';
import { Hl7Tools } from './Hl7Tools.tsx';
import { IntegrationsPage } from './IntegrationsPage.tsx';

type Send = (method: string, path: string, body: unknown) => Promise<unknown>;

const page = <T,>(items: T[]): Page<T> => ({ items, total: items.length, limit: 200, offset: 0 });

const workflows = page<Workflow>([
  { id: 1, department_id: 1, name: 'Day Surgery' },
  { id: 2, department_id: 1, name: 'Oncology' },
]);

const unmapped = page<UnmappedPointOfCare>([
  {
    point_of_care: 'oncology',
    messages: 3,
    first_at: '2026-03-02T08:00:00.000Z',
    last_at: '2026-03-02T11:30:00.000Z',
  },
  {
    point_of_care: 'ed',
    messages: 1,
    first_at: '2026-03-01T22:15:00.000Z',
    last_at: '2026-03-01T22:15:00.000Z',
  },
]);

const mapped: MappedPointOfCare = {
  point: {
    id: 40,
    point_of_care: 'oncology',
    room: null,
    bed: null,
    facility: null,
    building: null,
    floor: null,
    workflow_id: 2,
    phase_id: null,
  },
  replayed: 3,
  applied: 2,
};

const notMapped: DryRunMessage = {
  index: 1,
  control_id: 'MSG-1',
  message_type: 'ADT^A01',
  processing_id: 'P',
  charset: 'UNICODE UTF-8',
  facility: { name: 'GENHOSP', mapped: true, test_facility: false },
  sender: { application: 'EPIC', facility: 'GH', listed: true },
  fields: {
    patient_id: 'MRN-1',
    visit_number: 'V-1',
    family_name: 'Jørgensen',
    given_name: 'Åse',
    point_of_care: 'ONC',
    room: '12',
    bed: '',
    facility: '',
    building: '',
    floor: '',
  },
  place: { status: 'not_mapped', mapping_id: null, workflow_id: null, workflow_name: null },
  answer: {
    code: 'AA',
    reason: 'PV1-3.1 (point of care) onc is mapped to no workflow: answered, shown on no board',
    error_code: null,
  },
  effect: null,
};

const refused: DryRunMessage = {
  index: 2,
  control_id: 'MSG-2',
  message_type: 'ADT^A02',
  processing_id: 'P',
  charset: 'ASCII',
  facility: { name: 'ELSEWHERE', mapped: false, test_facility: false },
  sender: { application: 'LAB', facility: 'XY', listed: false },
  fields: null,
  place: { status: 'none', mapping_id: null, workflow_id: null, workflow_name: null },
  answer: {
    code: 'AR',
    reason: 'MSH-6 (receiving facility) ELSEWHERE is not one of yours',
    error_code: '204',
  },
  effect: null,
};

const mappedNow: DryRunMessage = {
  ...notMapped,
  place: { status: 'mapped', mapping_id: 40, workflow_id: 2, workflow_name: 'Oncology' },
  answer: { code: 'AA', reason: null, error_code: null },
  effect: {
    kind: 'admit',
    visit_id: null,
    workflow_id: 2,
    workflow_name: 'Oncology',
    phase_id: 7,
    phase_name: 'Waiting',
    boards: [
      { id: 3, name: 'Oncology hall' },
      { id: 4, name: 'Charge desk' },
    ],
  },
};

/** What a reader holds: an admin's scopes but configuration writes (write:*). */
const readerScopes: ReadonlySet<string> = new Set([...adminScopes].filter((scope) => scope !== 'write:*'));

/** `node` against faked REST answers: reads from `reads` by path, writes answered by `send`. */
function renderWith(
  node: ReactNode,
  {
    send = vi.fn<Send>(),
    reads = {},
    scopes = adminScopes,
  }: {
    send?: ReturnType<typeof vi.fn<Send>>;
    reads?: Record<string, unknown>;
    scopes?: ReadonlySet<string>;
  } = {},
) {
  const runtime = testRuntime();
  const answers: Record<string, unknown> = {
    'workflows?limit=200': workflows,
    'adt/unmapped-points-of-care?limit=200': unmapped,
    ...reads,
  };
  const getJson = vi.fn(async (path: string) => {
    if (!(path in answers)) throw new Error(`no fake answer for GET ${path}`);
    return answers[path];
  });
  render(
    <ConsoleRuntimeProvider runtime={{ ...runtime, http: { ...runtime.http, getJson, sendJson: send } }}>
      <ConsoleIdentityContext value={testIdentity({ scopes })}>{node}</ConsoleIdentityContext>
    </ConsoleRuntimeProvider>,
  );
  return { getJson, send };
}

async function chooseWorkflow(user: UserEvent, scope: HTMLElement, name: string) {
  await user.click(within(scope).getByRole('combobox', { name: 'Workflow' }));
  await user.click(await screen.findByRole('option', { name }));
}

const shortDate = (at: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));

// A file's first render imports MUI's table, select and form pieces: on a busy 2-core machine
// that alone can take seconds, past the default 5 s a test may run. A wait, not a speed assertion.
const SLOW_FIRST_RENDER = { timeout: 20_000 };

describe('the unmapped points of care', SLOW_FIRST_RENDER, () => {
  it('lists each with its messages, first and last seen', async () => {
    renderWith(<Hl7Tools />);
    const table = await screen.findByRole('table', { name: 'Unmapped points of care' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Point of care', 'Messages', 'First seen', 'Last seen', 'Map']);
    const row = within(table).getByRole('row', { name: /^oncology/ });
    const cells = within(row)
      .getAllByRole('cell')
      .slice(0, 4)
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'oncology',
      '3',
      shortDate('2026-03-02T08:00:00.000Z'),
      shortDate('2026-03-02T11:30:00.000Z'),
    ]);
  });

  it('maps one to the chosen workflow, says what was read again, and reads the list again', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(async () => mapped);
    const { getJson } = renderWith(<Hl7Tools />, { send });
    const table = await screen.findByRole('table', { name: 'Unmapped points of care' });
    const row = within(table).getByRole('row', { name: /^oncology/ });

    await user.click(within(row).getByRole('button', { name: 'Map to workflow' }));
    expect(within(row).getByText('Choose a workflow first.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();

    await chooseWorkflow(user, row, 'Oncology');
    const listReads = getJson.mock.calls.filter(([path]) => path.startsWith('adt/unmapped')).length;
    await user.click(within(row).getByRole('button', { name: 'Map to workflow' }));
    const answer = await screen.findByText(
      'Mapped to Oncology; 3 stored messages read again, 2 of them on the board now.',
    );
    expect(answer.closest('[role="status"]')).not.toBeNull();
    expect(send.mock.calls).toEqual([
      ['POST', 'adt/unmapped-points-of-care/map', { point_of_care: 'oncology', workflow_id: 2 }],
    ]);
    await waitFor(() =>
      expect(getJson.mock.calls.filter(([path]) => path.startsWith('adt/unmapped')).length).toBe(
        listReads + 1,
      ),
    );
  });
});

describe('the dry run', SLOW_FIRST_RENDER, () => {
  it('sends pasted text with HL7’s segment ends and shows each message, "not mapped" among them', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(
      async (): Promise<DryRunResult> => ({ messages: [notMapped, refused], refusal: null }),
    );
    renderWith(<Hl7Tools />, { send });
    expect(screen.getByText('Nothing is applied or stored.')).toBeTruthy();

    await user.click(screen.getByRole('textbox', { name: 'HL7 messages' }));
    await user.paste('MSH|^~\\&|EPIC|GH|CB|GENHOSP|||ADT^A01|MSG-1|P|2.5\r\nPID|1||MRN-1\nPV1|1|I|ONC^12\r');
    await user.click(screen.getByRole('button', { name: 'Try' }));

    const first = await screen.findByRole('region', { name: 'Message 1: ADT^A01' });
    expect(send.mock.calls).toEqual([
      [
        'POST',
        'feeds/hl7/dry-run',
        { text: 'MSH|^~\\&|EPIC|GH|CB|GENHOSP|||ADT^A01|MSG-1|P|2.5\rPID|1||MRN-1\rPV1|1|I|ONC^12\r' },
      ],
    ]);
    const summary = screen.getByText('2 messages read; nothing was applied or stored.');
    expect(summary.closest('[role="status"]')).not.toBeNull();
    const term = (region: HTMLElement, name: string) =>
      within(region).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term(first, 'Control id (MSH-10)')).toBe('MSG-1');
    expect(term(first, 'Processing id (MSH-11)')).toBe('P');
    expect(term(first, 'Character set (MSH-18)')).toBe('UNICODE UTF-8');
    expect(term(first, 'Receiving facility (MSH-6)')).toBe('GENHOSP: one of yours');
    expect(term(first, 'Sender (MSH-3, MSH-4)')).toBe('EPIC at GH: listed for the facility');
    expect(term(first, 'Family name (PID-5.1)')).toBe('Jørgensen');
    expect(term(first, 'Room (PV1-3.2)')).toBe('12');
    expect(within(first).queryByText('Bed (PV1-3.3)')).toBeNull();
    expect(term(first, 'Place')).toBe('not mapped');
    expect(term(first, 'Answer that would be sent')).toBe(
      'AA — PV1-3.1 (point of care) onc is mapped to no workflow: answered, shown on no board',
    );
    expect(term(first, 'What would change')).toBe('no change');
    expect(within(first).getByRole('button', { name: 'Map to workflow' })).toBeTruthy();

    const second = screen.getByRole('region', { name: 'Message 2: ADT^A02' });
    expect(term(second, 'Receiving facility (MSH-6)')).toBe('ELSEWHERE: not one of yours');
    expect(term(second, 'Sender (MSH-3, MSH-4)')).toBe('LAB at XY: not listed for the facility');
    expect(within(second).getByText('The message could not be read this far.')).toBeTruthy();
    expect(term(second, 'Place')).toBe('no point of care');
    expect(term(second, 'Answer that would be sent')).toBe(
      'AR — MSH-6 (receiving facility) ELSEWHERE is not one of yours (error code 204)',
    );
    expect(within(second).queryByRole('button', { name: 'Map to workflow' })).toBeNull();
  });

  it('maps a not-mapped point of care from its message and runs the dry run again', async () => {
    const user = userEvent.setup();
    let mappedYet = false;
    const send = vi.fn<Send>(async (_method, path) => {
      if (path === 'adt/unmapped-points-of-care/map') {
        mappedYet = true;
        return mapped;
      }
      return { messages: [mappedYet ? mappedNow : notMapped], refusal: null } satisfies DryRunResult;
    });
    renderWith(<Hl7Tools />, { send });
    await user.click(screen.getByRole('textbox', { name: 'HL7 messages' }));
    await user.paste('MSH|^~\\&|EPIC|GH|CB|GENHOSP|||ADT^A01|MSG-1|P|2.5\rPV1|1|I|ONC^12');
    await user.click(screen.getByRole('button', { name: 'Try' }));
    const before = await screen.findByRole('region', { name: 'Message 1: ADT^A01' });
    expect(within(before).getByText('not mapped')).toBeTruthy();

    await chooseWorkflow(user, before, 'Oncology');
    await user.click(within(before).getByRole('button', { name: 'Map to workflow' }));
    expect(
      await screen.findByText(
        'Mapped to Oncology; 3 stored messages read again, 2 of them on the board now.',
      ),
    ).toBeTruthy();
    const after = await screen.findByText('mapped to Oncology');
    const region = after.closest('section') as HTMLElement;
    expect(within(region).getByText('admit')).toBeTruthy();
    expect(within(region).getByText('new visit')).toBeTruthy();
    expect(within(region).getByText('Waiting')).toBeTruthy();
    expect(within(region).getByText('Oncology hall and Charge desk')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Map to workflow' })).toBeNull();
    const text = { text: 'MSH|^~\\&|EPIC|GH|CB|GENHOSP|||ADT^A01|MSG-1|P|2.5\rPV1|1|I|ONC^12' };
    expect(send.mock.calls).toEqual([
      ['POST', 'feeds/hl7/dry-run', text],
      ['POST', 'adt/unmapped-points-of-care/map', { point_of_care: 'ONC', workflow_id: 2 }],
      ['POST', 'feeds/hl7/dry-run', text],
    ]);
  });

  it('sends a chosen file’s bytes as base64, so a Latin-1 file keeps its bytes', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(async () => ({ messages: [notMapped], refusal: null }) satisfies DryRunResult);
    renderWith(<Hl7Tools />, { send });
    // "Jørgensen" in ISO-8859-1: ø is the one byte 0xF8, which no UTF-8 text may hold alone.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('MSH|^~\\&|A|B|C|D|||ADT^A01|L1|P|2.5|||||||8859/1\rPID|1||7||J'),
      0xf8,
      ...new TextEncoder().encode('rgensen\r'),
    ]);
    await user.type(screen.getByRole('textbox', { name: 'HL7 messages' }), 'ignored when a file is chosen');
    await user.upload(screen.getByLabelText('HL7 file'), new File([bytes], 'latin1.hl7'));
    expect(
      await screen.findByText(
        `Try reads the file latin1.hl7 (${bytes.length} bytes) as it is, not the text above.`,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try' }));
    await screen.findByRole('region', { name: 'Message 1: ADT^A01' });
    expect(send.mock.calls).toEqual([
      ['POST', 'feeds/hl7/dry-run', { base64: Buffer.from(bytes).toString('base64') }],
    ]);

    await user.click(screen.getByRole('button', { name: 'Forget the file' }));
    await user.click(screen.getByRole('button', { name: 'Try' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[1]).toEqual([
      'POST',
      'feeds/hl7/dry-run',
      { text: 'ignored when a file is chosen' },
    ]);
  });

  it('says why when the text as a whole could not be read', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(
      async () => ({ messages: [], refusal: 'no MSH segment' }) satisfies DryRunResult,
    );
    renderWith(<Hl7Tools />, { send });
    await user.click(screen.getByRole('button', { name: 'Try' }));
    expect(screen.getByText('Paste a message or choose a file first.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'HL7 messages' }), 'hello');
    await user.click(screen.getByRole('button', { name: 'Try' }));
    expect(await screen.findByText('The text could not be read: no MSH segment')).toBeTruthy();
  });
});

describe('the HL7 part for a reader', SLOW_FIRST_RENDER, () => {
  const status: FeedStatus = {
    transports: [],
    errors: [
      {
        id: '11',
        feed: 'hl7',
        transport: 'mllp',
        control_id: 'MSG-11',
        message_type: 'ADT^A01',
        received_at: '2026-03-02T12:00:00.000Z',
        processed_at: '2026-03-02T12:00:00.000Z',
        status: 'ignored',
        ack_code: 'AA',
        reason: 'PV1-3.1 (point of care) oncology is mapped to no workflow: answered, shown on no board',
        item_count: 1,
        unknown_count: 0,
      },
    ],
  };
  const reads = { 'feeds/status': status, 'feeds/rtls/secret': { exists: false, created_at: null } };

  it('offers an admin Map to workflow and Read again on the page', async () => {
    renderWith(<IntegrationsPage />, { reads });
    const table = await screen.findByRole('table', { name: 'Unmapped points of care' });
    const tools = screen.getByRole('region', { name: 'HL7 ADT tools' });
    expect(within(tools).getByRole('heading', { level: 2, name: 'HL7 ADT tools' })).toBeTruthy();
    expect(within(tools).getByRole('heading', { level: 3, name: 'Unmapped points of care' })).toBeTruthy();
    expect(within(tools).getByRole('heading', { level: 3, name: 'Try messages (dry run)' })).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: 'Map to workflow' })).toHaveLength(2);
    const errors = await screen.findByRole('table', { name: 'Newest errors' });
    expect(within(errors).getByRole('button', { name: 'Read again' })).toBeTruthy();
  });

  it('hides Map to workflow and Read again from a reader, who may still try messages', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(async () => ({ messages: [notMapped], refusal: null }) satisfies DryRunResult);
    renderWith(<IntegrationsPage />, { reads, scopes: readerScopes, send });
    const table = await screen.findByRole('table', { name: 'Unmapped points of care' });
    expect(within(table).getByRole('cell', { name: 'oncology' })).toBeTruthy();
    expect(
      within(table)
        .queryAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Point of care', 'Messages', 'First seen', 'Last seen']);
    const errors = await screen.findByRole('table', { name: 'Newest errors' });
    expect(within(errors).getByRole('cell', { name: 'Answered, not applied' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Read again' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'HL7 messages' }), 'MSH|');
    await user.click(screen.getByRole('button', { name: 'Try' }));
    const message = await screen.findByRole('region', { name: 'Message 1: ADT^A01' });
    expect(within(message).getByText('not mapped')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Map to workflow' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Workflow' })).toBeNull();
  });
});
