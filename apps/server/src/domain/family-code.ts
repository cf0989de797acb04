/** Letters and digits a family can read aloud without confusion: no 0/O, 1/I/L, 5/S, 2/Z. */
export const FAMILY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXY346789';
export const FAMILY_CODE_LENGTH = 5;

/**
 * A short code given to the family; the family board shows it instead of a name.
 * `randomIndex(n)` returns an integer in [0, n) (crypto.randomInt, or a seeded
 * random in the simulator and tests).
 */
export function familyCode(randomIndex: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < FAMILY_CODE_LENGTH; i++) {
    code += FAMILY_CODE_ALPHABET[randomIndex(FAMILY_CODE_ALPHABET.length)] ?? '';
  }
  return code;
}
