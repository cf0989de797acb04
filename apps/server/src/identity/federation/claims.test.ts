import { describe, expect, it } from 'vitest';
import { claimAt, claimValues, hasGroupsOverage } from './claims.ts';

describe('claimAt', () => {
  it('reads a claim by name, a dotted path into nested claims, and a URI claim whole', () => {
    const claims = {
      email: 'nurse@hospital.example',
      realm_access: { roles: ['staff', 'charge'] },
      'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups': ['g1'],
    };
    expect(claimAt(claims, 'email')).toBe('nurse@hospital.example');
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['staff', 'charge']);
    expect(claimAt(claims, 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups')).toEqual(['g1']);
    expect(claimAt(claims, 'realm_access.missing')).toBeUndefined();
    expect(claimAt(claims, 'email.length')).toBeUndefined();
  });
});

describe('claimValues', () => {
  it('makes one string, a list, and numbers into trimmed strings, dropping objects and blanks', () => {
    expect(claimValues({ groups: ' admins ' }, 'groups')).toEqual(['admins']);
    expect(claimValues({ groups: ['a', 2, { x: 1 }, '', null] }, 'groups')).toEqual(['a', '2']);
    expect(claimValues({}, 'groups')).toEqual([]);
  });
});

describe('hasGroupsOverage', () => {
  it("detects Entra ID's overage by _claim_names.groups or hasgroups, and not by an empty groups claim alone", () => {
    expect(
      hasGroupsOverage({ _claim_names: { groups: 'src1' }, _claim_sources: { src1: {} } }, 'groups'),
    ).toBe(true);
    expect(hasGroupsOverage({ hasgroups: true }, 'groups')).toBe(true);
    expect(hasGroupsOverage({ groups: [] }, 'groups')).toBe(false);
    expect(hasGroupsOverage({ _claim_names: { other: 'src1' } }, 'groups')).toBe(false);
  });
});
