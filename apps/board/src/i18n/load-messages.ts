import { enUS } from './compiled/en-US.ts';
import type { CompiledMessages } from './compiled-messages.ts';

/** Catalogues other than en-US, each loaded on demand so the first paint carries only one. */
const catalogues: Readonly<Record<string, () => Promise<CompiledMessages>>> = {
  'es-US': () => import('./compiled/es-US.ts').then((module) => module.esUS),
};

/**
 * The catalogue for a locale: an exact match, else one of the same language,
 * else en-US (every text exists there).
 */
export function catalogueLocaleFor(locale: string): string {
  if (locale === 'en-US' || Object.hasOwn(catalogues, locale)) return locale;
  const language = locale.split('-')[0]?.toLowerCase();
  const sameLanguage = Object.keys(catalogues).find((tag) => tag.split('-')[0]?.toLowerCase() === language);
  return sameLanguage ?? 'en-US';
}

/** The locale's catalogue, compiled (src/i18n/compiled/): the app ships no ICU message parser. */
export async function loadMessages(locale: string): Promise<CompiledMessages> {
  const load = catalogues[catalogueLocaleFor(locale)];
  if (!load) return enUS;
  try {
    return await load();
  } catch {
    // A catalogue chunk that cannot load must not keep the board dark: English instead.
    return enUS;
  }
}
