import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { keyOfDetail, toAppError } from './database-errors.ts';

const pgError = (fields: Record<string, string>) => Object.assign(new Error('pg'), fields);

describe('keyOfDetail', () => {
  it('reads the last key column and its value, commas in the value included', () => {
    expect(keyOfDetail('Key (customer_id, name)=(demo, Exam, North)=x) already exists.')).toEqual({
      field: 'name',
      value: 'Exam, North)=x',
    });
    expect(
      keyOfDetail('Key (customer_id, workflow_id, phase_id)=(demo, 1, 9) is not present in table "phases".'),
    ).toEqual({ field: 'phase_id', value: '9' });
    expect(keyOfDetail('something else')).toBeUndefined();
    expect(keyOfDetail(undefined)).toBeUndefined();
  });
});

describe('toAppError', () => {
  it('maps a unique violation to DUPLICATE_KEY with the entity of its table', () => {
    const error = toAppError(
      pgError({
        code: '23505',
        table: 'stations',
        constraint: 'stations_name_key',
        detail: 'Key (customer_id, name)=(demo, Exam 1) already exists.',
      }),
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe('Station with name "Exam 1" already exists.');
  });

  it('maps a worn tag or badge to TAG_IS_IN_USE', () => {
    const error = toAppError(
      pgError({ code: '23505', table: 'visits', constraint: 'visits_active_badge_key' }),
    );
    expect(error).toMatchObject({ code: 'TAG_IS_IN_USE', params: { kind: 'Badge' } });
  });

  it('maps a missing referenced row to NO_MASTER_ENTITY_FOUND naming the referenced table', () => {
    const error = toAppError(
      pgError({
        code: '23503',
        table: 'visits',
        detail: 'Key (customer_id, station_id)=(demo, 77) is not present in table "stations".',
      }),
    );
    expect(error).toMatchObject({
      code: 'NO_MASTER_ENTITY_FOUND',
      params: { entity: 'Station', field: 'station_id', value: '77' },
    });
  });

  it('maps a failed check to IS_NOT_VALID naming the field', () => {
    expect(
      toAppError(pgError({ code: '23514', table: 'phases', constraint: 'phases_color_check' })),
    ).toMatchObject({
      code: 'IS_NOT_VALID',
      params: { field: 'color' },
    });
    expect(
      toAppError(pgError({ code: '23514', table: 'par_levels', constraint: 'par_levels_min_max' })),
    ).toMatchObject({
      params: { field: 'max' },
    });
  });

  it('passes anything else through unchanged', () => {
    const deadlock = pgError({ code: '40P01' });
    expect(toAppError(deadlock)).toBe(deadlock);
    const referenced = pgError({ code: '23503', detail: 'Key (id)=(1) is still referenced from table "x".' });
    expect(toAppError(referenced)).toBe(referenced);
    const plain = new Error('boom');
    expect(toAppError(plain)).toBe(plain);
  });
});
