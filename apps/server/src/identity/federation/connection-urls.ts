/**
 * Where a connection's provider sends the person back, and what the hospital's IdP admin enters:
 * every path names the connection, so one customer's answers never reach another's (IDN-23).
 */
export const SIGN_IN_PREFIX = '/sign-in/connections';

export function connectionUrls(publicUrl: string, connectionId: string) {
  const base = `${publicUrl}${SIGN_IN_PREFIX}/${connectionId}`;
  return Object.freeze({
    redirectUri: `${base}/oidc/callback`,
    jwksUri: `${base}/jwks.json`,
    spEntityId: `${base}/saml/metadata`,
    spMetadataUrl: `${base}/saml/metadata`,
    acsUrl: `${base}/saml/acs`,
  });
}
