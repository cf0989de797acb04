import type { CookiesSetOptions, KoaContextWithOIDC } from 'oidc-provider';

/** The provider's routes whose errors re-render the code page (oidc-provider's `userInputRoutes`). */
const CODE_PAGE_ROUTES = new Set(['code_verification', 'device_resume']);

type Next = () => Promise<unknown>;

/**
 * POST /activate without a session cookie (or with one that no longer verifies) fails its
 * anti-forgery check, and oidc-provider 9 answers that with the code page and a fresh anti-forgery
 * secret in the session. The session is new (never saved), so the provider's closing
 * `session.persist()` throws "persist can only be called on previously persisted Sessions", which
 * would turn the 400 page it rendered into a 500 with a stack. Here such a session is saved and its
 * cookie set, as the provider's session middleware does for a new session, so the page is answered
 * with its 400 and its form works when submitted (decision IDN-11).
 */
export function saveNewSessionOfCodePage(sessionTtlSec: number, cookie: CookiesSetOptions) {
  return async function saveNewSessionOfCodePage(ctx: KoaContextWithOIDC, next: Next): Promise<void> {
    try {
      await next();
    } catch (error) {
      const oidc = ctx.oidc as KoaContextWithOIDC['oidc'] | undefined;
      const session = oidc?.session as
        | (NonNullable<typeof oidc>['session'] & { id: string; new?: boolean; touched?: boolean })
        | undefined;
      const unsavedNewSession =
        !!session && session.new === true && session.touched === true && typeof session.exp !== 'number';
      if (!oidc || !CODE_PAGE_ROUTES.has(String(oidc.route)) || !unsavedNewSession) throw error;
      oidc.cookies.set(oidc.provider.cookieName('session'), session.id, cookie);
      await session.save(sessionTtlSec);
    }
  };
}
