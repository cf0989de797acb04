import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { enUS } from '../src/i18n/en-US.ts';
import { catalogueSources, compileCatalogue, renderCompiledModule } from './compile-messages.ts';

describe('compiled catalogues', () => {
  it.each(catalogueSources)(
    'src/i18n/compiled/$locale.ts is up to date with its source (npm run build rewrites it)',
    (source) => {
      const { file, text } = renderCompiledModule(source);
      expect(readFileSync(file, 'utf8')).toBe(text);
    },
  );

  it('refuses a message that is not valid ICU, naming it', () => {
    expect(() => compileCatalogue({ ...enUS, 'device.activate': 'Code: {code' }, 'en-US')).toThrow(
      /en-US message device.activate is not valid ICU/,
    );
  });
});
