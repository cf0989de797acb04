/** The care-setting domain's tables (sites, workflows, visits, assets, boards, …). */
// biome-ignore lint/complexity/noBannedTypes: filled in as the domain's migrations land.
export type DomainTables = {};
