import { describe, expect, it } from 'vitest';
import { generatedPassword } from './user-records.ts';

describe('generatedPassword', () => {
  it('finds the password the server made for a new user, and nothing otherwise', () => {
    expect(generatedPassword({ id: 'u1', name: 'Ana', password: 'abc' })).toEqual({
      name: 'Ana',
      password: 'abc',
    });
    expect(generatedPassword({ id: 'u1', name: 'Ana' })).toBeUndefined();
    expect(generatedPassword(null)).toBeUndefined();
  });
});
