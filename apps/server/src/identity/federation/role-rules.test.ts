import { describe, expect, it } from 'vitest';
import { roleFromGroups } from './role-rules.ts';

const rules = [
  { group: 'Careboard-Admins', role: 'admin' },
  { group: 'careboard-staff', role: 'staff' },
  { group: 'everyone', role: 'visitor' },
];

describe('roleFromGroups', () => {
  it('takes the first rule in order whose group is one of the person’s, whatever the case and spaces', () => {
    expect(roleFromGroups(rules, null, ['everyone', ' careboard-admins '])).toBe('admin');
    expect(roleFromGroups(rules, null, ['everyone', 'CAREBOARD-STAFF'])).toBe('staff');
    expect(roleFromGroups([...rules].reverse(), null, ['everyone', 'careboard-admins'])).toBe('visitor');
  });

  it("falls back to the connection's default, and to null (refused) without one", () => {
    expect(roleFromGroups(rules, 'staff', ['cleaning'])).toBe('staff');
    expect(roleFromGroups(rules, null, ['cleaning'])).toBeNull();
    expect(roleFromGroups(rules, null, [])).toBeNull();
  });

  it('skips a rule whose role is not a role', () => {
    expect(roleFromGroups([{ group: 'x', role: 'root' }], null, ['x'])).toBeNull();
  });
});
