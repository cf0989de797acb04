import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { enUS as compiledEnUS } from './compiled/en-US.ts';
import { esUS as compiledEsUS } from './compiled/es-US.ts';
import { plainText } from './compiled-messages.ts';
import { enUS } from './en-US.ts';
import { esUS } from './es-US.ts';
import { catalogueLocaleFor, loadMessages } from './load-messages.ts';

describe('en-US catalogue', () => {
  it('holds the specification’s texts word for word', () => {
    expect(enUS['error.unexpected']).toBe('There was an unexpected error.');
    expect(enUS['board.missingId']).toBe('Missing ID in url.');
    expect(enUS['board.notFound']).toBe('Display board does not exist.');
    expect(enUS['auth.noPermission']).toBe('You do not have permissions to access this section.');
    expect(enUS['action.close']).toBe('Close');
    expect(enUS['device.activate']).toBe('To activate this device use the following code: {code}');
    expect(enUS['device.restart']).toBe('Authentication flow will restart automatically in 20 seconds.');
    expect(enUS['device.accessDenied']).toBe('The user or authorization server denied the transaction.');
    expect(enUS['device.expiredToken']).toBe('The user has not authorized the device quickly enough.');
  });
});

describe('other catalogues', () => {
  it('es-US has every en-US message and the same placeholders', () => {
    expect(Object.keys(esUS).sort()).toEqual(Object.keys(enUS).sort());
    for (const [id, text] of Object.entries(enUS)) {
      const placeholders = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(placeholders(esUS[id as keyof typeof esUS]), id).toEqual(placeholders(text));
    }
  });

  it('picks the catalogue by exact tag, then by language, then en-US', () => {
    expect(catalogueLocaleFor('es-US')).toBe('es-US');
    expect(catalogueLocaleFor('es-MX')).toBe('es-US');
    expect(catalogueLocaleFor('fr-FR')).toBe('en-US');
    expect(catalogueLocaleFor('en-GB')).toBe('en-US');
  });

  it('loads es-US on demand and en-US for anything unknown', async () => {
    await expect(loadMessages('es-US')).resolves.toBe(compiledEsUS);
    await expect(loadMessages('de-DE')).resolves.toBe(compiledEnUS);
  });
});

describe('compiled catalogues', () => {
  it('format with their arguments as the source texts do', () => {
    const intl = createIntl({ locale: 'es-US', messages: compiledEsUS });
    expect(intl.formatMessage({ id: 'device.activate' }, { code: 'ABCD-EFGH' })).toBe(
      'Para activar este dispositivo use el siguiente código: ABCD-EFGH',
    );
  });

  it('give the boot screen its plain texts', () => {
    expect(plainText(compiledEnUS['error.unexpected'])).toBe(enUS['error.unexpected']);
    expect(plainText(compiledEnUS['loading.label'])).toBe(enUS['loading.label']);
  });
});
