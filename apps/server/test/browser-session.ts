/**
 * A person's browser, as far as the sign-in pages need one: a cookie jar,
 * redirects followed by hand, and forms read from the HTML.
 */
export class BrowserSession {
  private readonly cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    headers.set('user-agent', 'CareboardTest/1.0 (phone)');
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (pair && index > 0) this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  }

  /** Follows redirects until a page answers, or until a redirect leaves for `stopAt`; returns where it ended. */
  async follow(
    url: string,
    init: RequestInit = {},
    stopAt?: string,
  ): Promise<{ url: string; response: Response; html: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops++) {
      const location = response.headers.get('location');
      if (!location) break;
      current = new URL(location, current).toString();
      if (stopAt && current.startsWith(stopAt)) return { url: current, response, html: '' };
      response = await this.request(current);
    }
    return { url: current, response, html: await response.text() };
  }

  /**
   * Submits a form read from a page as a browser does: every field as it is,
   * `typed` filling inputs by name, and `button` added (a clicked button's name and value).
   */
  submit(
    pageUrl: string,
    form: HtmlForm,
    typed: Record<string, string> = {},
    stopAt?: string,
    button?: [string, string],
  ) {
    const body = new URLSearchParams();
    for (const [name, value] of form.entries) body.append(name, typed[name] ?? value);
    for (const [name, value] of Object.entries(typed))
      if (!form.entries.some(([n]) => n === name)) body.append(name, value);
    if (button) body.append(button[0], button[1]);
    return this.follow(
      new URL(form.action, pageUrl).toString(),
      { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      stopAt,
    );
  }
}

export interface HtmlForm {
  readonly action: string;
  /** Every named input, in order, duplicates kept: what a browser would send. */
  readonly entries: readonly [string, string][];
}

const decode = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/**
 * The form with this id (or the first): its inputs, and the inputs elsewhere
 * on the page that name it with a `form` attribute, as a browser gathers them.
 */
export function formIn(html: string, id?: string): HtmlForm {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
  const match = id ? forms.find((f) => f[1]?.includes(`id="${id}"`)) : forms[0];
  if (!match) throw new Error(`no form ${id ?? ''} in page:\n${html.slice(0, 2000)}`);
  const action = /action="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? '';
  const formId = /id="([^"]*)"/.exec(match[1] ?? '')?.[1];
  const inside = [...(match[2] ?? '').matchAll(/<input\b([^>]*)>/g)].map((m) => m[1] ?? '');
  const outside = formId
    ? [...html.matchAll(/<input\b([^>]*)>/g)]
        .map((m) => m[1] ?? '')
        .filter((a) => a.includes(`form="${formId}"`))
    : [];
  const entries: [string, string][] = [];
  for (const attributes of [...inside, ...outside]) {
    const name = /name="([^"]*)"/.exec(attributes)?.[1];
    if (name) entries.push([name, decode(/value="([^"]*)"/.exec(attributes)?.[1] ?? '')]);
  }
  return { action: decode(action), entries };
}
