import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APPS_DIR } from '../../config/apps-dir.ts';

/** The product logo: the board app's own file, inlined so the pages need no other request. */
const LOGO = readFileSync(path.join(APPS_DIR, 'board', 'public', 'logo.svg'), 'utf8').replace(
  '<svg ',
  '<svg width="72" height="72" aria-hidden="true" ',
);

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(26rem, 100vw); box-sizing: border-box; padding: 2rem 1.5rem; }
  header { display: flex; align-items: center; gap: .75rem; margin-bottom: 1.5rem; }
  header span { font-size: 1.4rem; font-weight: 700; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 .35rem; }
  input[type=email], input[type=password], input[type=text] { width: 100%; box-sizing: border-box; font-size: 1.1rem; padding: .6rem; border: 2px solid GrayText; border-radius: .35rem; }
  input[name=user_code] { text-transform: uppercase; letter-spacing: .15em; text-align: center; font-size: 1.5rem; }
  input:focus-visible, button:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { flex: 1; font-size: 1.05rem; padding: .7rem 1rem; border-radius: .35rem; border: 2px solid #0b3d5c; cursor: pointer; }
  button.primary { background: #0b3d5c; color: #fff; }
  button.secondary { background: transparent; color: inherit; }
  .alert { border-left: 4px solid #c62828; padding: .5rem .75rem; margin: 1rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
  table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid GrayText; vertical-align: top; overflow-wrap: anywhere; }
  a.link { color: LinkText; }
  code.user-code { font-size: 1.6rem; letter-spacing: .15em; }
`;

/** A plain page: product logo and name, a heading, the content. */
export function page(title: string, content: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(title)} · Careboard</title>
  <style>${STYLE}</style>
</head>
<body>
  <main>
    <header>${LOGO}<span>Careboard</span></header>
    <h1>${escapeHtml(title)}</h1>
    ${content}
  </main>
</body>
</html>`;
}

export function alert(message: string | undefined): string {
  return message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : '';
}
