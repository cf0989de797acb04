import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** The identity provider's tables. */
export interface IdentityTables {
  accounts: AccountsTable;
  oidc_payloads: OidcPayloadsTable;
  identity_keys: IdentityKeysTable;
}

export interface AccountsTable {
  id: Generated<string>;
  customer_id: string;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  created_at: Generated<Date>;
  /** Set when the account is disabled: no sign-in, its grants end (decision IDN-13). */
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OidcPayloadsTable {
  type: string;
  id: string;
  payload: JSONColumnType<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
  /** Presentations of a consumed refresh token within its grace (decision IDN-19). */
  reuses: Generated<number>;
}

export interface IdentityKeysTable {
  kid: string;
  use: 'sig' | 'cookie';
  material: JSONColumnType<Record<string, unknown>>;
  created_at: Generated<Date>;
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
