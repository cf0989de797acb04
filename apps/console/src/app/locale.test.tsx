import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-US.ts';
import { esUS } from '../i18n/es-US.ts';
import { catalogueLocaleFor, loadMessages } from '../i18n/load-messages.ts';
import { renderConsole, testRuntime } from './test-harness.tsx';

describe('the es-US locale', () => {
  it('renders the shell and the page in Spanish', async () => {
    renderConsole({ path: '/screens', runtime: testRuntime({ locale: 'es-US', messages: esUS }) });
    const navigation = screen.getByRole('navigation', { name: 'Secciones de la consola' });
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Configuración inicial',
      'Tableros',
      'Pantallas',
      'Recepción',
      'Entorno de atención',
      'Equipos',
      'Usuarios',
      'Integraciones',
    ]);
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    expect(screen.getByText('Cliente: acme')).toBeTruthy();
    // The page is a lazy chunk with a data grid: its first import in jsdom may take a while.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pantallas' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/^Las pantallas, en vivo/)).toBeTruthy();
  });

  it('is loaded for es-US, and for another Spanish locale; English stays the fallback', async () => {
    expect(await loadMessages('es-US')).toBe(esUS);
    expect(catalogueLocaleFor('es-MX')).toBe('es-US');
    expect(await loadMessages('fr-CA')).toBe(enUS);
    expect(await loadMessages('en-US')).toBe(enUS);
  });

  it('translates every text, and no text is left in English by mistake', () => {
    expect(Object.keys(esUS).sort()).toEqual(Object.keys(enUS).sort());
    const untranslated = Object.entries(esUS).filter(([id, text]) => text === enUS[id as keyof typeof enUS]);
    expect(untranslated).toEqual([]);
  });
});
