import { describe, expect, it } from 'vitest';
import { FAMILY_CODE_ALPHABET, familyCode } from './family-code.ts';

describe('familyCode', () => {
  it('is five characters from the unambiguous alphabet', () => {
    let i = 0;
    const code = familyCode(() => i++);
    expect(code).toBe('ABCDE');
    expect(familyCode((n) => n - 1)).toBe('99999');
  });

  it('leaves out characters that read alike', () => {
    for (const confusable of ['0', 'O', '1', 'I', 'L', '5', 'S', '2', 'Z']) {
      expect(FAMILY_CODE_ALPHABET).not.toContain(confusable);
    }
  });
});
