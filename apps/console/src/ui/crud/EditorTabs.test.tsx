import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../i18n/en-US.ts';
import { EditorTabs } from './EditorTabs.tsx';

const tabs = [
  { id: 'sites', label: 'careSetting.tab.sites', render: () => <p>sites panel</p> },
  { id: 'locations', label: 'careSetting.tab.locations', render: () => <p>locations panel</p> },
] as const;

function Where() {
  return <output>{useLocation().search}</output>;
}

function renderTabs(path: string) {
  return render(
    <IntlProvider locale="en-US" messages={enUS}>
      <MemoryRouter initialEntries={[path]}>
        <EditorTabs tabs={tabs} label="careSetting.tabs" />
        <Where />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('EditorTabs', () => {
  it('is a labelled tab list whose shown panel is labelled by its tab', () => {
    renderTabs('/care-setting');
    expect(screen.getByRole('tablist', { name: 'Care setting sections' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sites' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Sites' }).textContent).toBe('sites panel');
    // Only the shown panel exists, so only its tab points at one.
    expect(screen.getByRole('tab', { name: 'Locations' }).hasAttribute('aria-controls')).toBe(false);
  });

  it('opens the tab the address names, and puts the chosen one in the address', async () => {
    renderTabs('/care-setting?tab=locations');
    expect(screen.getByRole('tabpanel', { name: 'Locations' }).textContent).toBe('locations panel');
    await userEvent.click(screen.getByRole('tab', { name: 'Sites' }));
    expect(screen.getByRole('status').textContent).toBe('?tab=sites');
    expect(screen.getByRole('tabpanel', { name: 'Sites' })).toBeTruthy();
  });

  it('moves between tabs with the arrow keys', async () => {
    renderTabs('/care-setting');
    screen.getByRole('tab', { name: 'Sites' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Locations' }));
  });
});
