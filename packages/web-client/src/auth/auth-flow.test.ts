import { describe, expect, it } from 'vitest';
import { safeNextPath } from './auth-flow.ts';

describe('next path', () => {
  it('keeps next on this origin', () => {
    expect(safeNextPath('/family?id=2')).toBe('/family?id=2');
    expect(safeNextPath('/console/boards')).toBe('/console/boards');
    expect(safeNextPath('//evil.example/x')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });
});
