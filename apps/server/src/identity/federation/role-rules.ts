import { isRole, type Role } from '../roles.ts';

/**
 * The role a person's groups give through a connection's rules: the first rule, in order, whose
 * group is one of theirs (compared trimmed, case-insensitive: directories differ in case); then the
 * connection's default; null when neither gives one, and the person is refused (decision IDN-26).
 */
export function roleFromGroups(
  rules: readonly { readonly group: string; readonly role: string }[],
  defaultRole: string | null,
  groups: readonly string[],
): Role | null {
  const theirs = new Set(groups.map((group) => group.trim().toLowerCase()));
  for (const rule of rules) {
    if (isRole(rule.role) && theirs.has(rule.group.trim().toLowerCase())) return rule.role;
  }
  return defaultRole !== null && isRole(defaultRole) ? defaultRole : null;
}
