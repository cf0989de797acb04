import { errorEnvelope } from '@careboard/contracts';
import { HttpError } from '@careboard/web-client';
import { describe, expect, it } from 'vitest';
import { countField, issueText, nameField, optionalIdField, refusedField } from './form-schema.ts';
import { listPath, nameById } from './rest.ts';

describe('form fields', () => {
  it("carry catalogue codes that read as the catalogue's texts", () => {
    const blank = nameField(10).safeParse('  ');
    expect(blank.success).toBe(false);
    expect(issueText(blank.error?.issues[0]?.message ?? '', 'Name', 'en-US')).toBe('Name is required value.');
    const long = nameField(10).safeParse('x'.repeat(11));
    expect(issueText(long.error?.issues[0]?.message ?? '', 'Nombre', 'es-US')).toContain('10');
  });

  it('turn typed text into the numbers and nulls the API takes', () => {
    expect(countField(100).parse(' 12 ')).toBe(12);
    expect(countField(100).safeParse('-1').success).toBe(false);
    expect(countField(100).safeParse('101').success).toBe(false);
    expect(optionalIdField().parse('')).toBeNull();
    expect(optionalIdField().parse('7')).toBe(7);
  });

  it("finds the form's field a server refusal names, and none for other errors", () => {
    const named = new HttpError(400, errorEnvelope('IS_NOT_VALID', { field: 'default_timezone' }));
    expect(refusedField(named, ['name', 'default_timezone'])).toBe('default_timezone');
    expect(refusedField(named, ['name'])).toBeUndefined();
    expect(
      refusedField(new HttpError(403, errorEnvelope('USER_LEVEL_IS_NOT_VALID', {})), ['role']),
    ).toBeUndefined();
    expect(refusedField(new Error('offline'), ['name'])).toBeUndefined();
  });
});

describe('list helpers', () => {
  it('asks for the largest page with the given filters', () => {
    expect(listPath('tags', { kind: 'staff_badge', in_use: undefined })).toBe(
      'tags?limit=200&kind=staff_badge',
    );
  });

  it('names rows by id', () => {
    const name = nameById([{ id: 3, name: 'Lab' }], (row) => row.name);
    expect(name(3)).toBe('Lab');
    expect(name(null)).toBeUndefined();
  });
});
