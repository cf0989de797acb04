import type { Visit } from '@careboard/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { enUS } from '../../i18n/en-US.ts';
import { CallButtons } from './CallButtons.tsx';

const visit: Visit = {
  id: 5,
  display_name: 'Zoe Q.',
  family_code: 'ABC',
  workflow_id: 1,
  phase_id: 2,
  phase_entered_at: '2026-11-24T10:00:00.000Z',
  location_id: null,
  station_id: null,
  badge_id: null,
  badge_label: null,
  tag_id: null,
  staff_ids: [],
  arrived_at: '2026-11-24T10:00:00.000Z',
  completed_at: null,
};

describe('the call buttons', () => {
  it('are one button per station, named whom to where, and call with one press of the keyboard', async () => {
    const onCall = vi.fn();
    render(
      <IntlProvider locale="en-US" messages={enUS}>
        <CallButtons
          visit={visit}
          groups={[
            {
              location: { id: 1, name: 'Exam Rooms' },
              stations: [
                { id: 11, name: 'Exam 1', location_id: 1 },
                { id: 12, name: 'Exam 2', location_id: 1 },
              ],
            },
          ]}
          onCall={onCall}
        />
      </IntlProvider>,
    );
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Call Zoe Q. to Exam 1',
      'Call Zoe Q. to Exam 2',
    ]);
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onCall).toHaveBeenCalledWith({ id: 12, name: 'Exam 2', location_id: 1 });
  });

  it('say there are no stations yet rather than showing nothing', () => {
    render(
      <IntlProvider locale="en-US" messages={enUS}>
        <CallButtons visit={visit} groups={[]} onCall={() => {}} />
      </IntlProvider>,
    );
    expect(screen.getByText('There are no stations yet. Add them under Care setting.')).toBeTruthy();
  });
});
