/**
 * The releases an upgrade is tested from (upgrade-previous-release.test.ts): each version and the
 * commit that released it, the last one whose CHANGELOG.md has that version as its newest heading
 * (the next commit opened "## Unreleased" above it). A release adds its line here; the test starts
 * the newest one's server from git history and upgrades its data directory with this checkout.
 */
export interface Release {
  readonly version: string;
  readonly commit: string;
  /**
   * Tables whose rows the migrations since this release change on purpose, each with the reason:
   * their row counts are not compared across the upgrade. Every other table keeps every row.
   */
  readonly rowsChangedOnPurpose: Readonly<Record<string, string>>;
}

export const RELEASES: readonly Release[] = [
  // 0212-0215 only add tables and columns.
  { version: '0.2.0', commit: '5a368788ce019fd7bf89dfdb2ae01d918a958c10', rowsChangedOnPurpose: {} },
];

/** The release this checkout upgrades from. */
export const PREVIOUS_RELEASE = RELEASES.at(-1) as Release;
