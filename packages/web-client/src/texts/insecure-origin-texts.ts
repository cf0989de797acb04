import { type TextLocale, textLocaleFor } from './text-locale.ts';

/** What the page says when it is opened on an insecure origin (BRD-24, CON-70). */
export interface InsecureOriginTexts {
  readonly title: string;
  readonly explanation: string;
  readonly useInstead: string;
  readonly ifItDoesNotAnswer: string;
}

const texts: Readonly<Record<TextLocale, InsecureOriginTexts>> = Object.freeze({
  'en-US': Object.freeze({
    title: 'HTTPS is required',
    explanation:
      'Careboard signs in and activates screens only over a secure connection (HTTPS). This address uses plain HTTP, so the browser does not allow it.',
    useInstead: 'Open Careboard at this address instead:',
    ifItDoesNotAnswer:
      'If that address does not answer, ask your IT team to set up HTTPS for Careboard (TLS_CERT_FILE and TLS_KEY_FILE, or a TLS reverse proxy).',
  }),
  'es-US': Object.freeze({
    title: 'Se requiere HTTPS',
    explanation:
      'Careboard solo inicia sesión y activa pantallas a través de una conexión segura (HTTPS). Esta dirección usa HTTP sin cifrar, por eso el navegador no lo permite.',
    useInstead: 'Abra Careboard en esta dirección:',
    ifItDoesNotAnswer:
      'Si esa dirección no responde, pida a su equipo de TI que configure HTTPS para Careboard (TLS_CERT_FILE y TLS_KEY_FILE, o un proxy inverso con TLS).',
  }),
});

/** The texts in the customer's locale (en-US when it has none of its own). */
export function insecureOriginTexts(locale: string): InsecureOriginTexts {
  return texts[textLocaleFor(locale)];
}
