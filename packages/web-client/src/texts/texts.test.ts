import { errorCodes, errorEnvelope, formatError } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import { authTexts } from './auth-texts.ts';
import { errorParamNames } from './error-params.ts';
import { errorText } from './error-text.ts';
import { errorTextsEsUS } from './error-texts-es-us.ts';
import { textLocaleFor } from './text-locale.ts';

describe('error texts', () => {
  it('are the catalogue’s texts word for word in en-US', () => {
    expect(errorText(errorEnvelope('TAG_IS_IN_USE', { kind: 'Badge' }), 'en-US')).toBe(
      'This Badge is currently in use.',
    );
    expect(errorText({ code: 'USER_LEVEL_IS_NOT_VALID', params: {} }, 'en-US')).toBe(
      'You do not have permissions to set this user level',
    );
    expect(errorText({ code: 'ENTITY_NOT_FOUND', params: { entity: 'Workflow', id: 9 } }, 'en-US')).toBe(
      'Workflow with id 9 was not found.',
    );
    expect(
      errorText({ code: 'DUPLICATE_KEY', params: { entity: 'PAR levels', field: 'x', value: 1 } }, 'en'),
    ).toBe('These PAR levels already exists.');
  });

  it('are US Spanish for es-US and the other Spanish locales', () => {
    const badge = { code: 'TAG_IS_IN_USE', params: { kind: 'Badge' } };
    expect(errorText(badge, 'es-US')).toBe('Esta credencial está en uso en este momento.');
    expect(errorText(badge, 'es-MX')).toBe('Esta credencial está en uso en este momento.');
    expect(errorText({ code: 'TAG_IS_IN_USE', params: { kind: 'Tag' } }, 'es-US')).toBe(
      'Esta etiqueta está en uso en este momento.',
    );
    expect(errorText({ code: 'MAX_LENGTH', params: { field: 'name', limit: 80 } }, 'es-US')).toBe(
      'name supera los 80 caracteres.',
    );
  });

  it('exist in es-US for every code and show every param but the translated kind', () => {
    const all = {
      entity: 'Ent',
      field: 'fld',
      value: 'val',
      id: 7,
      kind: 'Tag',
      location: 'Loc',
      limit: 3,
      reason: 'rsn',
      min: 11,
      max: 99,
      from: 'd1',
      to: 'd2',
    };
    const params = { ...all, method: 'GET', path: '/p', seconds: 4 };
    for (const code of errorCodes) {
      const spanish = errorText({ code, params }, 'es-US');
      expect(spanish, code).not.toBe(formatError(code, params as never));
      for (const name of errorParamNames[code].filter((n) => n !== 'kind')) {
        expect(spanish, code).toContain(String(params[name as keyof typeof params]));
      }
    }
    expect(Object.keys(errorTextsEsUS).sort()).toEqual([...errorCodes].sort());
  });

  it('fall back to the server’s message when the params are missing (socket errors carry none)', () => {
    const socketError = { code: 'TAG_IS_IN_USE', message: 'This Badge is currently in use.' };
    expect(errorText(socketError, 'es-US')).toBe('This Badge is currently in use.');
    expect(errorText({ code: 'FORBIDDEN', message: 'x' }, 'es-US')).toBe(
      'No tiene permisos para acceder a esta sección.',
    );
  });

  it('fall back to the internal error text for an unknown code or nothing usable', () => {
    expect(errorText({ code: 'NO_SUCH_CODE', message: 'leaked detail' }, 'en-US')).toBe(
      'Internal server error.',
    );
    expect(errorText({ code: 'ENTITY_NOT_FOUND', params: { entity: 'W' } }, 'en-US')).toBe(
      'Internal server error.',
    );
    expect(errorText({ code: null }, 'es-US')).toBe('Error interno del servidor.');
  });
});

describe('auth texts', () => {
  it('hold the specification’s texts in en-US, the catalogue’s FORBIDDEN among them', () => {
    expect(authTexts['en-US']).toEqual({
      unexpected: 'There was an unexpected error.',
      noPermission: 'You do not have permissions to access this section.',
    });
    expect(authTexts['en-US'].noPermission).toBe(formatError('FORBIDDEN', {}));
    expect(authTexts['es-US'].noPermission).toBe(errorText({ code: 'FORBIDDEN', params: {} }, 'es-US'));
  });

  it('pick the locale by exact tag, then by language, then en-US', () => {
    expect(textLocaleFor('es-US')).toBe('es-US');
    expect(textLocaleFor('es-MX')).toBe('es-US');
    expect(textLocaleFor('fr-FR')).toBe('en-US');
    expect(textLocaleFor('en-GB')).toBe('en-US');
  });
});
