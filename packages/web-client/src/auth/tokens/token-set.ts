/** What a token endpoint answers that an app keeps (specification section 3, "Token response"). */
export interface TokenSet {
  readonly access_token: string;
  readonly refresh_token?: string | undefined;
  readonly expires_in?: number | undefined;
}
