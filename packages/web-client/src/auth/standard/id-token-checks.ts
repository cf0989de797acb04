/** Clock leeway for identity token expiry (specification section 9). */
export const ID_TOKEN_LEEWAY_SEC = 60;

/**
 * The ID token's org_id must be the customer's organization (specification
 * section 5); oauth4webapi does not check it. A customer without an
 * organization (the disabled defaults) cannot sign in.
 */
export function checkOrganization(
  claims: { readonly [claim: string]: unknown } | undefined,
  authOrgId: string | null,
): void {
  if (!authOrgId || claims?.org_id !== authOrgId) {
    throw new Error('The identity token belongs to another organization');
  }
}
