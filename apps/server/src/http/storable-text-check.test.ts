import { describe, expect, it } from 'vitest';
import { firstUnstorableText } from './storable-text-check.ts';

describe('firstUnstorableText', () => {
  it('names the path of the first string a database cannot store', () => {
    expect(
      firstUnstorableText({ name: 'ok', table: { columns: [{ label: 'a' }, { label: 'b\u0000' }] } }),
    ).toBe('table.columns.1.label');
    expect(firstUnstorableText(['\uD800'])).toBe('0');
    expect(firstUnstorableText('\uDC00')).toBe('');
  });

  it('checks keys too', () => {
    expect(firstUnstorableText({ outer: { 'k\u0000': 1 } })).toBe('outer.k?');
  });

  it('passes well-formed input and non-strings', () => {
    expect(firstUnstorableText({ a: ['\u{1F44B}', 1, null, true, { b: 'c' }] })).toBeUndefined();
    expect(firstUnstorableText(undefined)).toBeUndefined();
  });

  it('walks a deeply nested body without running out of stack', () => {
    const deep = JSON.parse(`${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}`);
    expect(firstUnstorableText(deep)).toBe(Array(30_000).fill('0').join('.'));
  });
});
