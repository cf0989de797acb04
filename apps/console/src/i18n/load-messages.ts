import { enUS, type Messages } from './en-US.ts';

/** Catalogues other than en-US, each loaded on demand so the first load carries only one (CON-05). */
const catalogues: Readonly<Record<string, () => Promise<Messages>>> = {
  'es-US': () => import('./es-US.ts').then((module) => module.esUS),
};

/** The catalogue's locale for a locale: an exact match, else one of the same language, else en-US. */
export function catalogueLocaleFor(locale: string): string {
  if (locale === 'en-US' || Object.hasOwn(catalogues, locale)) return locale;
  const language = locale.split('-')[0]?.toLowerCase();
  const sameLanguage = Object.keys(catalogues).find((tag) => tag.split('-')[0]?.toLowerCase() === language);
  return sameLanguage ?? 'en-US';
}

/** The locale's catalogue; English when its chunk cannot load, so the console still starts. */
export async function loadMessages(locale: string): Promise<Messages> {
  const load = catalogues[catalogueLocaleFor(locale)];
  if (!load) return enUS;
  try {
    return await load();
  } catch {
    return enUS;
  }
}
