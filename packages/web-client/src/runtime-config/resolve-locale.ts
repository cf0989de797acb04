import { DEFAULT_LOCALE } from '@careboard/contracts';

/** The customer's locale when it is a valid BCP 47 tag, otherwise en-US. */
export function resolveLocale(customerLocale: string | null): string {
  if (!customerLocale) return DEFAULT_LOCALE;
  try {
    return Intl.getCanonicalLocales(customerLocale)[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}
