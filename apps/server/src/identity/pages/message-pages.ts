import { alert, escapeHtml, page } from './layout.ts';

/** An error page that says what went wrong, never a stack or an internal detail. */
export function errorPage(title: string, description: string): string {
  return page(title, alert(description));
}

/** RP-initiated logout: the provider's form, submitted by the button. */
export function logoutPage(form: string): string {
  return page(
    'Sign out',
    `${form}<p>Sign out of Careboard on this browser?</p>
    <div class="actions"><button class="primary" type="submit" form="op.logoutForm" value="yes" name="logout" autofocus>Sign out</button></div>`,
  );
}

export function signedOutPage(): string {
  return page('Signed out', `<p>${escapeHtml('You are signed out. You can close this page.')}</p>`);
}
