import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { esUS } from '../i18n/es-US.ts';
import { FullScreenSpinner } from './FullScreenSpinner.tsx';
import { MessageDialog } from './MessageDialog.tsx';
import { MessageScreen } from './MessageScreen.tsx';
import { MessageSnackbar } from './MessageSnackbar.tsx';
import { renderWithIntl } from './render-with-intl.tsx';
import { SPINNER_THICKNESS } from './spinner-geometry.ts';

describe('full-screen spinner', () => {
  it('is 100 px across with a stroke that renders 5 px wide', () => {
    renderWithIntl(<FullScreenSpinner label="Loading" />);
    const progress = screen.getByRole('progressbar');
    expect(progress.style.width).toBe('100px');
    expect(progress.style.height).toBe('100px');
    const svg = progress.querySelector('svg');
    const circle = progress.querySelector('circle');
    expect(svg?.getAttribute('viewBox')).toBe('22 22 44 44');
    const strokeInViewBox = Number(circle?.getAttribute('stroke-width'));
    expect(SPINNER_THICKNESS).toBeCloseTo(2.2);
    // The 44-unit view box is drawn 100 px wide, so the stroke is scaled by 100 / 44.
    expect((strokeInViewBox * 100) / 44).toBeCloseTo(5);
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
