import { type ErrorCode, errorCatalogue, isErrorCode } from '@careboard/contracts';
import { completeParams } from './error-params.ts';
import { errorTextsEsUS } from './error-texts-es-us.ts';
import { type TextLocale, textLocaleFor } from './text-locale.ts';

/** An error as the server sends it: the REST envelope, or a socket `<action>.error` payload. */
export interface ServerError {
  readonly code: unknown;
  readonly params?: unknown;
  /** The catalogue's en-US text, formatted by the server. */
  readonly message?: unknown;
}

type TextOf = (code: ErrorCode, params: Readonly<Record<string, string | number>>) => string;

const texts: Readonly<Record<TextLocale, TextOf>> = {
  // en-US is the contracts catalogue itself: the specification's texts, never a copy.
  'en-US': (code, params) => (errorCatalogue[code].text as (p: typeof params) => string)(params),
  'es-US': (code, params) => errorTextsEsUS[code](params),
};

/**
 * The text to show for a server error, in the customer's locale (decision CON-17):
 * 1. a catalogue code with the params its text needs: the locale's text;
 * 2. a catalogue code without them (a socket error carries none): the server's
 *    `message`, which is the catalogue's en-US text, when it sent one;
 * 3. anything else: the locale's INTERNAL_SERVER_ERROR text.
 */
export function errorText(error: ServerError, locale: string): string {
  const text = texts[textLocaleFor(locale)];
  if (isErrorCode(error.code)) {
    const params = completeParams(error.code, error.params);
    if (params) return text(error.code, params);
    if (typeof error.message === 'string' && error.message !== '') return error.message;
  }
  return text('INTERNAL_SERVER_ERROR', {});
}
