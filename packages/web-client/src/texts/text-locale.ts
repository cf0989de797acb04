/** The locales the shared texts exist in; en-US holds every text. */
export const textLocales = Object.freeze(['en-US', 'es-US'] as const);
export type TextLocale = (typeof textLocales)[number];

/**
 * The shared texts' locale for a customer's locale: an exact match, else one of
 * the same language (es-MX reads es-US), else en-US, as the board picks its catalogue.
 */
export function textLocaleFor(locale: string): TextLocale {
  const exact = textLocales.find((tag) => tag === locale);
  if (exact) return exact;
  const language = locale.split('-')[0]?.toLowerCase();
  return textLocales.find((tag) => tag.split('-')[0] === language) ?? 'en-US';
}
