/** Loads an app's message catalogues: en-US with the app, the others on demand. */
export interface CatalogueLoader<M> {
  /** The catalogue's locale for a locale: an exact match, else one of the same language, else en-US. */
  catalogueLocaleFor(locale: string): string;
  /** The locale's catalogue; en-US when its chunk cannot load, so the app still starts. */
  loadMessages(locale: string): Promise<M>;
}

/**
 * One rule for the board and the console: every text exists in en-US, which ships in the first
 * load; every other catalogue is its own chunk (`others`: locale → dynamic import).
 */
export function createCatalogueLoader<M>(
  english: M,
  others: Readonly<Record<string, () => Promise<M>>>,
): CatalogueLoader<M> {
  const catalogueLocaleFor = (locale: string): string => {
    if (locale === 'en-US' || Object.hasOwn(others, locale)) return locale;
    const language = locale.split('-')[0]?.toLowerCase();
    const sameLanguage = Object.keys(others).find((tag) => tag.split('-')[0]?.toLowerCase() === language);
    return sameLanguage ?? 'en-US';
  };
  return {
    catalogueLocaleFor,
    async loadMessages(locale) {
      const load = others[catalogueLocaleFor(locale)];
      if (!load) return english;
      try {
        return await load();
      } catch {
        // A catalogue chunk that cannot load must not keep a screen dark: English instead.
        return english;
      }
    },
  };
}
