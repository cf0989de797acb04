import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { esUS } from '../i18n/es-US.ts';
import { FullScreenSpinner } from './FullScreenSpinner.tsx';
import { MessageDialog } from './MessageDialog.tsx';
import { MessageScreen } from './MessageScreen.tsx';
import { MessageSnackbar } from './MessageSnackbar.tsx';
import { renderWithIntl } from './render-with-intl.tsx';

describe('full-screen spinner', () => {
  it('is 100 px across with a stroke 5 px wide, drawn at 1:1 scale', () => {
    renderWithIntl(<FullScreenSpinner label="Loading" />);
    const progress = screen.getByRole('progressbar', { name: 'Loading' });
    expect(progress.style.width).toBe('100px');
    expect(progress.style.height).toBe('100px');
    const svg = progress.querySelector('svg');
    const circle = progress.querySelector('circle');
    // The view box is as wide as the drawing, so view-box units are pixels.
    expect(svg?.getAttribute('viewBox')).toBe('0 0 100 100');
    expect(svg?.getAttribute('width')).toBe('100');
    expect(Number(circle?.getAttribute('stroke-width'))).toBe(5);
    // The stroke stays inside the box: outer diameter = 2r + stroke = 100.
    expect(2 * Number(circle?.getAttribute('r')) + 5).toBe(100);
  });
});

describe('messages', () => {
  it('shows a full-screen message from the catalogue', () => {
    renderWithIntl(<MessageScreen id="board.missingId" />);
    expect(screen.getByRole('alert').textContent).toBe('Missing ID in url.');
  });

  it('shows a snack bar message', () => {
    renderWithIntl(<MessageSnackbar id="board.notFound" />);
    expect(screen.getByRole('alert').textContent).toBe('Display board does not exist.');
  });

  it('shows a dialog with a Close action that closes it', async () => {
    renderWithIntl(<MessageDialog id="auth.noPermission" />);
    expect(screen.getByRole('dialog').textContent).toContain(
      'You do not have permissions to access this section.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('uses the locale’s catalogue', () => {
    renderWithIntl(<MessageScreen id="error.unexpected" />, esUS, 'es-US');
    expect(screen.getByRole('alert').textContent).toBe('Se produjo un error inesperado.');
  });
});
