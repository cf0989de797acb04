/** The identity provider's tables (accounts, provider state, keys). */
// biome-ignore lint/complexity/noBannedTypes: filled in with the identity provider's migration.
export type IdentityTables = {};
