import { describe, expect, it } from 'vitest';
import { displayName } from './display-name.ts';

describe('displayName', () => {
  it('is the first name and the last initial', () => {
    expect(displayName('Anna', 'Kowalski')).toBe('Anna K.');
  });

  it('trims, upper-cases the initial and keeps accented letters whole', () => {
    expect(displayName('  José ', ' ñúñez')).toBe('José Ñ.');
  });

  it('is the first name alone without a last name', () => {
    expect(displayName('Anna', '  ')).toBe('Anna');
  });
});
