export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Methods that change nothing and so carry no anti-forgery header. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function needsXsrfHeader(method: string, relative: boolean): boolean {
  return relative && !SAFE_METHODS.has(method);
}

/** One cookie's value from a `document.cookie` string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return null;
}
