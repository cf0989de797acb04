import { alert, escapeHtml, page } from './layout.ts';

export interface EmailPageOptions {
  readonly action: string;
  readonly abortAction: string;
  readonly purpose: string;
  readonly email?: string;
  readonly error?: string;
}

/**
 * The first step when the customer signs in through its own provider: the email alone. Its domain
 * picks the connection; an address no connection serves goes on to the password (IDN-24).
 */
export function emailFirstPage(options: EmailPageOptions): string {
  return page(
    'Sign in',
    `<p>${escapeHtml(options.purpose)}</p>
    ${alert(options.error)}
    <form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" required maxlength="254" autocomplete="username" autofocus value="${escapeHtml(options.email)}">
      <p>Use your work email: if your organization signs you in, you go on to its sign-in page.</p>
      <div class="actions"><button class="primary" type="submit">Continue</button></div>
    </form>
    <form method="post" action="${escapeHtml(options.abortAction)}">
      <div class="actions"><button class="secondary" type="submit">Cancel</button></div>
    </form>`,
  );
}

/**
 * On to the connection's provider: a page that goes there by itself (a refresh, not a redirect of
 * the form's POST, which the pages' CSP `form-action` would stop at another origin) with a link.
 */
export function continuePage(path: string): string {
  return page(
    'Sign in',
    `<p role="status">Going on to your organization's sign-in…</p>
    <p><a class="link" href="${escapeHtml(path)}">Continue to your organization's sign-in</a></p>`,
  ).replace(
    '<meta name="robots" content="noindex">',
    `<meta name="robots" content="noindex">\n  <meta http-equiv="refresh" content="0;url=${escapeHtml(path)}">`,
  );
}

export type RefusalReason =
  | 'no_role'
  | 'disabled'
  | 'no_email'
  | 'no_subject'
  | 'groups_overage'
  | 'acr'
  | 'other_organization';

/** What a refused person reads, in the customer's locale (IDN-26): what happened and whom to ask. */
const REFUSALS: Readonly<Record<'en-US' | 'es-US', { title: string } & Record<RefusalReason, string>>> = {
  'en-US': {
    title: 'No access to Careboard',
    no_role:
      "Your organization's sign-in worked, but your account is in no group that gives access to Careboard. Ask your organization's Careboard administrator to add you to the right group, then sign in again.",
    disabled: "Your Careboard account is turned off. Ask your organization's Careboard administrator.",
    no_email:
      "Your organization's sign-in did not say your email address, which Careboard needs. Ask your organization's identity team to send it.",
    no_subject: "Your organization's sign-in did not say who you are. Ask your organization's identity team.",
    groups_overage:
      "You are in more groups than your organization's sign-in can send, and this connection does not read app roles instead. Ask your organization's identity team to send Careboard's app roles or only the groups assigned to Careboard.",
    acr: 'Your organization requires a stronger sign-in (for example multi-factor) for Careboard. Sign in again with it.',
    other_organization:
      'This account belongs to another organization than the one this screen or console is for.',
  },
  'es-US': {
    title: 'Sin acceso a Careboard',
    no_role:
      'El inicio de sesión de su organización funcionó, pero su cuenta no está en ningún grupo que dé acceso a Careboard. Pida al administrador de Careboard de su organización que lo agregue al grupo correcto y vuelva a iniciar sesión.',
    disabled:
      'Su cuenta de Careboard está desactivada. Consulte al administrador de Careboard de su organización.',
    no_email:
      'El inicio de sesión de su organización no indicó su correo electrónico, que Careboard necesita. Pida al equipo de identidad de su organización que lo envíe.',
    no_subject:
      'El inicio de sesión de su organización no indicó quién es usted. Consulte al equipo de identidad de su organización.',
    groups_overage:
      'Usted está en más grupos de los que el inicio de sesión de su organización puede enviar, y esta conexión no lee roles de aplicación en su lugar. Pida al equipo de identidad de su organización que envíe los roles de aplicación de Careboard o solo los grupos asignados a Careboard.',
    acr: 'Su organización exige un inicio de sesión más seguro (por ejemplo, multifactor) para Careboard. Vuelva a iniciar sesión con él.',
    other_organization:
      'Esta cuenta pertenece a otra organización distinta de la de esta pantalla o consola.',
  },
};

/** The refusal's sentence, for the test sign-in's page. */
export function refusalText(reason: RefusalReason, locale: string): string {
  return (locale === 'es-US' ? REFUSALS['es-US'] : REFUSALS['en-US'])[reason];
}

export function refusalPage(reason: RefusalReason, locale: string): string {
  const texts = locale === 'es-US' ? REFUSALS['es-US'] : REFUSALS['en-US'];
  return page(texts.title, alert(texts[reason]), locale === 'es-US' ? 'es' : 'en');
}

/** A sign-in through the provider that failed its checks: the person learns it failed, never the detail. */
export function federationErrorPage(): string {
  return page(
    'Sign-in problem',
    alert(
      "The answer of your organization's sign-in could not be accepted. Go back to the display or the console and start again; if it happens again, tell your organization's Careboard administrator.",
    ),
  );
}

export interface TestResultOptions {
  readonly connectionName: string;
  /** The claims (OIDC) or attributes (SAML) as received. */
  readonly received: Readonly<Record<string, unknown>>;
  readonly subject: string | undefined;
  readonly email: string | undefined;
  readonly name: string | undefined;
  readonly groups: readonly string[];
  /** The role they map to; null: the person would be refused. */
  readonly role: string | null;
  readonly refusal?: string | undefined;
}

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Test sign-in (IDN-33): what the provider sent and what Careboard would make of it; no account is made. */
export function testResultPage(options: TestResultOptions): string {
  const rows = Object.entries(options.received)
    .map(
      ([key, value]) =>
        `<tr><th scope="row">${escapeHtml(key)}</th><td>${escapeHtml(shown(value))}</td></tr>`,
    )
    .join('');
  const outcome = options.refusal
    ? alert(`This person would be refused: ${options.refusal}`)
    : `<p role="status">This person would sign in as <strong>${escapeHtml(options.role)}</strong>.</p>`;
  return page(
    'Test sign-in',
    `<p>Connection: ${escapeHtml(options.connectionName)}. No account was made.</p>
    ${outcome}
    <dl>
      <dt>Subject</dt><dd>${escapeHtml(options.subject ?? '(none)')}</dd>
      <dt>Email</dt><dd>${escapeHtml(options.email ?? '(none)')}</dd>
      <dt>Name</dt><dd>${escapeHtml(options.name ?? '(none)')}</dd>
      <dt>Groups</dt><dd>${escapeHtml(options.groups.join(', ') || '(none)')}</dd>
      <dt>Role</dt><dd>${escapeHtml(options.role ?? '(none: refused)')}</dd>
    </dl>
    <h2>Received</h2>
    <table><tbody>${rows}</tbody></table>`,
  );
}
