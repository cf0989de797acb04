/** Test helper: an unsigned JWT-shaped access token with the given payload (the board only decodes it). */
export function fakeAccessToken(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'RS256', typ: 'at+jwt' })}.${encode(payload)}.c2lnbmF0dXJl`;
}
