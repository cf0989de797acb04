import type { ApiBases } from './api-bases.ts';

export interface ResolvedUrl {
  readonly url: string;
  /** The caller gave a relative URL (not `scheme:…`): the XSRF rule applies. */
  readonly relative: boolean;
}

const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;
const SECURABLE = /^securable(?=[/?#]|$)/;
const EXPORT = /^(sites|locations)\/export(?=[/?#]|$)/;

/**
 * Where a request goes (specification section 7, "HTTP rules"):
 * - absolute URLs stay as they are;
 * - root-relative paths (`/config.json`, `/logo.svg`) are the app host's own files;
 * - `securable…` goes to SECURABLE_API_URL, which already names the securable part;
 * - `sites/export…` and `locations/export…` go to EXPORT_API_URL, which already names the export part;
 * - anything else is prefixed with API_URL.
 * Decision BRD-05.
 */
export function resolveRequestUrl(input: string, bases: ApiBases): ResolvedUrl {
  if (ABSOLUTE.test(input)) return { url: input, relative: false };
  if (input.startsWith('/')) return { url: input, relative: true };
  if (SECURABLE.test(input)) {
    return { url: joinUrl(bases.SECURABLE_API_URL, input.replace(SECURABLE, '')), relative: true };
  }
  const exportPath = EXPORT.exec(input);
  if (exportPath) {
    const rest = input.slice(exportPath[0].length);
    return { url: joinUrl(bases.EXPORT_API_URL, `${exportPath[1]}${rest}`), relative: true };
  }
  return { url: joinUrl(bases.API_URL, input), relative: true };
}

/** Joins a base and a path with exactly one slash; a bare query or nothing appends directly. */
export function joinUrl(base: string, path: string): string {
  const trimmedBase = base.replace(/\/+$/, '');
  if (path === '' || path.startsWith('?') || path.startsWith('#')) return `${trimmedBase}${path}`;
  return `${trimmedBase}/${path.replace(/^\/+/, '')}`;
}
