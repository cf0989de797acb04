import type { FeedHour } from '@careboard/contracts';
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../i18n/en-US.ts';
import { BackupCard } from './BackupCard.tsx';
import { FeedCard } from './FeedCard.tsx';
import { FeedErrorsTable } from './FeedErrorsTable.tsx';

const now = Date.parse('2026-03-02T12:30:00.000Z');
const hours: FeedHour[] = Array.from({ length: 24 }, (_, i) => ({
  hour: new Date(Date.parse('2026-03-01T13:00:00.000Z') + i * 3_600_000).toISOString(),
  received: i === 23 ? 3 : 0,
  applied: i === 23 ? 2 : 0,
  errors: i === 23 ? 1 : 0,
  sightings: i === 23 ? 55 : 0,
}));

function inEnglish(node: React.ReactNode) {
  return render(
    <IntlProvider locale="en-US" messages={enUS} timeZone="UTC">
      {node}
    </IntlProvider>,
  );
}

describe('a feed’s card', () => {
  it('names the feed, says when its last message came and that it never failed, and adds up the day', () => {
    inEnglish(
      <FeedCard
        now={now}
        status={{
          transport: 'webhook',
          last_message_at: '2026-03-02T12:25:00.000Z',
          last_error_at: null,
          hours,
        }}
      />,
    );
    const card = screen.getByRole('region', { name: 'RTLS webhook' });
    expect(within(card).getByText('5 minutes ago')).toBeTruthy();
    expect(within(card).getByText('Never')).toBeTruthy();
    expect(
      within(card).getByText('Last 24 hours: 3 messages, 2 applied, 1 error, 55 sightings.'),
    ).toBeTruthy();
    expect(
      within(card).getByRole('img', { name: 'Messages per hour over the last 24 hours, RTLS webhook' }),
    ).toBeTruthy();
  });
});

describe('the newest errors', () => {
  it('lists each with its feed, type, control id, outcome and reason', () => {
    inEnglish(
      <FeedErrorsTable
        errors={[
          {
            id: '9',
            feed: 'hl7',
            transport: 'mllp',
            control_id: 'MSG-1',
            message_type: 'ADT^A04',
            received_at: '2026-03-02T12:00:00.000Z',
            processed_at: '2026-03-02T12:00:00.000Z',
            status: 'rejected',
            ack_code: 'AR',
            reason: 'PV1-3.1 maps to no workflow',
            item_count: 0,
            unknown_count: 0,
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Newest errors' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([
      'HL7 ADT over MLLP',
      'ADT^A04',
      'MSG-1',
      'Refused',
      'PV1-3.1 maps to no workflow',
    ]);
  });

  it('says when there are none', () => {
    inEnglish(<FeedErrorsTable errors={[]} />);
    expect(screen.getByText('No errors: every message was applied.')).toBeTruthy();
  });
});

describe('the service’s backups (CON-71)', () => {
  it('says when the last backup was, and warns while the newest failed', () => {
    inEnglish(
      <BackupCard
        now={now}
        status={{
          scheduled: true,
          every_hours: 24,
          last_success_at: '2026-03-01T12:30:00.000Z',
          last_failure_at: '2026-03-02T12:00:00.000Z',
          failing: true,
        }}
      />,
    );
    const card = screen.getByRole('region', { name: 'Backups of the service' });
    expect(within(card).getByText('yesterday')).toBeTruthy();
    expect(within(card).getByText('30 minutes ago')).toBeTruthy();
    expect(within(card).getByRole('alert').textContent).toBe(
      "The newest backup failed. The service's operator finds the reason in the server's log.",
    );
    expect(within(card).getByText('One every 24 hours.')).toBeTruthy();
  });

  it('says when the service makes none', () => {
    inEnglish(
      <BackupCard
        now={now}
        status={{
          scheduled: false,
          every_hours: null,
          last_success_at: null,
          last_failure_at: null,
          failing: false,
        }}
      />,
    );
    expect(screen.getAllByText(/makes no scheduled backups/)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
