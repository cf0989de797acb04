import { formatError } from '@careboard/contracts';
import { errorTextsEsUS } from './error-texts-es-us.ts';
import type { TextLocale } from './text-locale.ts';

/** The sign-in and permission texts every app shows. */
export interface AuthTexts {
  /** Anything that went wrong without a text of its own (a failed sign-in redirect). */
  readonly unexpected: string;
  /** A page the access token's scopes do not allow (specification section 5). */
  readonly noPermission: string;
}

/**
 * The specification's texts word for word in en-US (noPermission is the
 * catalogue's FORBIDDEN text), with their US Spanish. The board's message
 * catalogues take theirs from here.
 */
export const authTexts: Readonly<Record<TextLocale, AuthTexts>> = Object.freeze({
  'en-US': Object.freeze({
    unexpected: 'There was an unexpected error.',
    noPermission: formatError('FORBIDDEN', {}),
  }),
  'es-US': Object.freeze({
    unexpected: 'Se produjo un error inesperado.',
    noPermission: errorTextsEsUS.FORBIDDEN({}),
  }),
});
