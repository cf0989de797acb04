import type { RuntimeConfig } from '@careboard/contracts';
import { insecureOriginTexts, secureAddressFor } from '@careboard/web-client';

export interface InsecureOriginScreenProps {
  /** The customer's locale, or en-US when the runtime did not load. */
  readonly locale: string;
  /** /config.json, when it loaded: its https address is the one to use. */
  readonly config: Pick<RuntimeConfig, 'API_URL'> | null;
  readonly pageUrl: string;
}

/**
 * Decision BRD-24: opened on an insecure origin (plain http on an address other than localhost),
 * the board cannot sign in or activate (crypto.subtle, PKCE); it says HTTPS is required, in the
 * customer's language, and where to open it instead.
 */
export function InsecureOriginScreen({ locale, config, pageUrl }: InsecureOriginScreenProps) {
  const texts = insecureOriginTexts(locale);
  const address = secureAddressFor(config, pageUrl);
  return (
    <div className="full-screen centered">
      <div className="insecure-origin" role="alert" lang={locale}>
        <h1>{texts.title}</h1>
        <p>{texts.explanation}</p>
        <p>{texts.useInstead}</p>
        <p className="address">
          <a href={address}>{address}</a>
        </p>
        <p>{texts.ifItDoesNotAnswer}</p>
      </div>
    </div>
  );
}
