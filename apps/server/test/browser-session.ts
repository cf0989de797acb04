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

  /** Submits a form read from a page, with extra fields (a button's name and value). */
  submit(pageUrl: string, form: HtmlForm, extra: Record<string, string> = {}, stopAt?: string) {
    const body = new URLSearchParams({ ...form.fields, ...extra });
    return this.follow(
      new URL(form.action, pageUrl).toString(),
      { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      stopAt,
    );
  }
}

export interface HtmlForm {
  readonly action: string;
  readonly fields: Record<string, string>;
}

const decode = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The form with this id (or the first), with its hidden fields. */
export function formIn(html: string, id?: string): HtmlForm {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)];
  const match = id ? forms.find((f) => f[1]?.includes(`id="${id}"`)) : forms[0];
  if (!match) throw new Error(`no form ${id ?? ''} in page:\n${html.slice(0, 2000)}`);
  const action = /action="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const input of (match[2] ?? '').matchAll(/<input\b([^>]*)>/g)) {
    const name = /name="([^"]*)"/.exec(input[1] ?? '')?.[1];
    const value = /value="([^"]*)"/.exec(input[1] ?? '')?.[1] ?? '';
    if (name && /type="hidden"/.test(input[1] ?? '')) fields[name] = decode(value);
  }
  return { action: decode(action), fields };
}
