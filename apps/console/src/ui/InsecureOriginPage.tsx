import type { RuntimeConfig } from '@careboard/contracts';
import { insecureOriginTexts, secureAddressFor } from '@careboard/web-client';

export interface InsecureOriginPageProps {
  /** The customer's locale, or en-US when the runtime did not load. */
  readonly locale: string;
  readonly config: Pick<RuntimeConfig, 'API_URL'> | null;
  readonly pageUrl: string;
}

/**
 * Decision CON-70: the console opened on an insecure origin cannot sign in (PKCE needs
 * crypto.subtle); it says HTTPS is required, in the customer's language, and where to go instead.
 * Plain markup: the theme and react-intl are not loaded yet.
 */
export function InsecureOriginPage({ locale, config, pageUrl }: InsecureOriginPageProps) {
  const texts = insecureOriginTexts(locale);
  const address = secureAddressFor(config, pageUrl);
  return (
    <main
      lang={locale}
      style={{
        maxWidth: '42rem',
        margin: '10vh auto',
        padding: '0 1.5rem',
        fontFamily: 'system-ui, sans-serif',
      }}
    >
      <div role="alert">
        <h1>{texts.title}</h1>
        <p>{texts.explanation}</p>
        <p>{texts.useInstead}</p>
        <p style={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
          <a href={address}>{address}</a>
        </p>
        <p>{texts.ifItDoesNotAnswer}</p>
      </div>
    </main>
  );
}
