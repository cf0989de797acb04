import { standardFlowScopes } from '@careboard/contracts';
import { describe, expect, it } from 'vitest';
import { visiblePages } from './visible-pages.ts';

// The scopes each role's sign-in grants, as apps/server/src/identity/roles.ts gives them
// (decision IDN-01): admin every API scope, staff all but the customer-wide ones, visitor two reads.
const oidcOnly = ['openid', 'profile', 'email', 'offline_access'];
const admin = new Set(standardFlowScopes.filter((scope) => !oidcOnly.includes(scope)));
const staff = new Set(
  [...admin].filter((scope) => !['update:customer*', 'toggle:customer', 'create-bulk:*'].includes(scope)),
);
const visitor = new Set(['read:sites', 'read:departments']);

const ids = (scopes: ReadonlySet<string>) => visiblePages(scopes).map((page) => page.id);

describe('visiblePages', () => {
  it('shows an admin every page, in navigation order', () => {
    expect(ids(admin)).toEqual([
      'setup',
      'boards',
      'screens',
      'desk',
      'care-setting',
      'equipment',
      'users',
      'integrations',
    ]);
  });

  it('shows staff every page but Integrations: the feeds are the admins’ (FEED-40)', () => {
    expect(ids(staff)).toEqual(['setup', 'boards', 'screens', 'desk', 'care-setting', 'equipment', 'users']);
  });

  it('shows a visitor no page: neither Users nor Care setting nor any other', () => {
    expect(ids(visitor)).toEqual([]);
  });

  it('shows a page only when every scope of every action it requires is granted', () => {
    // Reading patients alone is not the Desk: its workflows are a department read.
    expect(ids(new Set(['read:patients']))).toEqual([]);
    expect(ids(new Set(['read:patients', 'read:departments']))).toEqual(['desk']);
    expect(ids(new Set(['access:display-board', 'read:kiosks']))).toEqual(['boards', 'screens']);
    expect(ids(new Set(['access:mm']))).toEqual(['equipment']);
    expect(ids(new Set(['read:*']))).toEqual(['users']);
  });

  it('does not show Setup to a token that reads everything but writes nothing', () => {
    const readOnly = new Set([...admin].filter((scope) => !scope.startsWith('write:')));
    expect(ids(readOnly)).not.toContain('setup');
    expect(ids(readOnly)).toContain('boards');
  });

  it('shows nothing to a token without scopes', () => {
    expect(ids(new Set())).toEqual([]);
  });
});
