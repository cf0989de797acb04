import { alert, escapeHtml, page } from './layout.ts';

export interface SignInPageOptions {
  readonly action: string;
  readonly abortAction: string;
  readonly email?: string;
  readonly error?: string;
  /** Shown under the heading: what is asking for the sign-in. */
  readonly purpose: string;
}

export function signInPage(options: SignInPageOptions): string {
  return page(
    'Sign in',
    `<p>${escapeHtml(options.purpose)}</p>
    ${alert(options.error)}
    <form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" required maxlength="254" autocomplete="username" autofocus value="${escapeHtml(options.email)}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" required maxlength="200" autocomplete="current-password">
      <div class="actions"><button class="primary" type="submit">Sign in</button></div>
    </form>
    <form method="post" action="${escapeHtml(options.abortAction)}">
      <div class="actions"><button class="secondary" type="submit">Cancel</button></div>
    </form>`,
  );
}
