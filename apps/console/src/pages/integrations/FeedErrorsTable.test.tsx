import type { FeedMessageSummary, ReplayedMessage } from '@careboard/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testRuntime } from '../../app/test-harness.tsx';
import { ConsoleRuntimeProvider } from '../../runtime-config/ConsoleRuntimeProvider.tsx';
import { FeedErrorsTable } from './FeedErrorsTable.tsx';

type Send = (method: string, path: string, body: unknown) => Promise<unknown>;

const row = (id: string, overrides: Partial<FeedMessageSummary>): FeedMessageSummary => ({
  id,
  feed: 'hl7',
  transport: 'mllp',
  control_id: `MSG-${id}`,
  message_type: 'ADT^A01',
  received_at: '2026-03-02T12:00:00.000Z',
  processed_at: '2026-03-02T12:00:00.000Z',
  status: 'error',
  ack_code: 'AE',
  reason: 'database unavailable',
  item_count: 1,
  unknown_count: 0,
  ...overrides,
});

const ignored = row('11', {
  status: 'ignored',
  ack_code: 'AA',
  reason: 'PV1-3.1 (point of care) oncology is mapped to no workflow: answered, shown on no board',
});

const errors: FeedMessageSummary[] = [
  ignored,
  row('12', { status: 'rejected', ack_code: 'AR', reason: 'PID-3 (patient id) is empty' }),
  row('13', { status: 'error' }),
  row('14', { status: 'duplicate', ack_code: 'AA', reason: null }),
  row('15', { feed: 'rtls', transport: 'webhook', control_id: 'batch-15', message_type: 'sightings' }),
];

function renderTable(send: ReturnType<typeof vi.fn<Send>>, onReplayed = vi.fn()) {
  const runtime = testRuntime();
  render(
    <ConsoleRuntimeProvider runtime={{ ...runtime, http: { ...runtime.http, sendJson: send } }}>
      <FeedErrorsTable errors={errors} mayReplay onReplayed={onReplayed} />
    </ConsoleRuntimeProvider>,
  );
  return onReplayed;
}

const rowOf = (controlId: string) =>
  within(screen.getByRole('table', { name: 'Newest errors' }))
    .getByRole('cell', { name: controlId })
    .closest('tr') as HTMLElement;

describe('reading a stored HL7 message again', () => {
  it('is offered only for HL7 messages that were ignored, failed or refused', () => {
    renderTable(vi.fn<Send>());
    const offered = ['MSG-11', 'MSG-12', 'MSG-13', 'MSG-14', 'batch-15'].filter(
      (controlId) => within(rowOf(controlId)).queryByRole('button', { name: 'Read again' }) !== null,
    );
    expect(offered).toEqual(['MSG-11', 'MSG-12', 'MSG-13']);
  });

  it('posts that message’s id, shows its new outcome and has the status read again', async () => {
    const user = userEvent.setup();
    const replayed: ReplayedMessage = {
      message: row('12', { status: 'applied', ack_code: 'AA', reason: null }),
    };
    const send = vi.fn<Send>(async () => replayed);
    const onReplayed = renderTable(send);
    await user.click(within(rowOf('MSG-12')).getByRole('button', { name: 'Read again' }));
    const outcome = await screen.findByText('Message MSG-12 read again: Applied.');
    expect(outcome.closest('[role="status"]')).not.toBeNull();
    expect(send.mock.calls).toEqual([['POST', 'feeds/hl7/messages/12/replay', {}]]);
    expect(onReplayed).toHaveBeenCalledTimes(1);
  });

  it('shows an outcome that still applies nothing with its reason', async () => {
    const user = userEvent.setup();
    const send = vi.fn<Send>(async () => ({ message: ignored }) satisfies ReplayedMessage);
    renderTable(send);
    await user.click(within(rowOf('MSG-11')).getByRole('button', { name: 'Read again' }));
    expect(
      await screen.findByText(
        'Message MSG-11 read again: Answered, not applied: PV1-3.1 (point of care) oncology is mapped to no workflow: answered, shown on no board.',
      ),
    ).toBeTruthy();
    expect(send.mock.calls).toEqual([['POST', 'feeds/hl7/messages/11/replay', {}]]);
  });
});

describe('the newest errors’ outcomes', () => {
  it('show an ignored message as answered, not applied, with its reason', () => {
    renderTable(vi.fn<Send>());
    const cells = within(rowOf('MSG-11'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(4, 6)).toEqual([
      'Answered, not applied',
      'PV1-3.1 (point of care) oncology is mapped to no workflow: answered, shown on no board',
    ]);
    expect(within(rowOf('MSG-14')).getAllByRole('cell')[4]?.textContent).toBe('Duplicate');
  });
});
