import type { User } from '@careboard/contracts';

/** The roles, highest first: admins are offered first as break-glass accounts. */
const rank: Readonly<Record<string, number>> = { admin: 0, staff: 1, visitor: 2 };

/**
 * The accounts to choose break-glass ones from: admins first (the sensible choice: they can mend
 * the connection when the hospital's provider is down), then by name; disabled ones last.
 */
export function breakGlassCandidates(users: readonly User[]): User[] {
  return [...users].sort(
    (a, b) =>
      Number(a.disabled) - Number(b.disabled) ||
      (rank[a.role] ?? 9) - (rank[b.role] ?? 9) ||
      a.name.localeCompare(b.name),
  );
}

export type PasswordSignInChoice = 'everyone' | 'break_glass_only';

/** Only break-glass accounts with none chosen would let nobody sign in with a password: refused. */
export function locksEveryoneOut(choice: PasswordSignInChoice, chosen: readonly string[]): boolean {
  return choice === 'break_glass_only' && chosen.length === 0;
}
