import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { isDatabaseUnavailable, keyOfDetail, toAppError } from './database-errors.ts';

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

  it('maps a delete of a row others still reference to a 4xx, never an internal error (BOF-14)', () => {
    const stillReferenced = (target: string, referencing: string) =>
      toAppError(
        pgError({
          code: '23503',
          message: `update or delete on table "${target}" violates foreign key constraint "${referencing}_customer_id_fkey" on table "${referencing}"`,
          table: referencing,
          detail: `Key (customer_id, id)=(demo, 5) is still referenced from table "${referencing}".`,
        }),
      );
    expect(stillReferenced('sites', 'departments')).toMatchObject({
      code: 'IS_NOT_VALID',
      statusCode: 400,
      params: { field: 'id' },
      message: 'id is not valid.',
    });
    expect(stillReferenced('locations', 'stations')).toMatchObject({ code: 'IS_NOT_VALID' });
    expect(stillReferenced('asset_types', 'assets')).toMatchObject({
      code: 'ASSET_TYPE_IS_IN_USE',
      statusCode: 409,
      message: "Can't complete action: Asset type is in use.",
    });
    expect(stillReferenced('workflows', 'visits')).toMatchObject({
      code: 'WORKFLOW_HAS_ACTIVE_PATIENTS',
      statusCode: 409,
    });
    expect(stillReferenced('phases', 'visits')).toMatchObject({ code: 'WORKFLOW_HAS_ACTIVE_PATIENTS' });
    expect(stillReferenced('stations', 'visits')).toMatchObject({ code: 'IS_NOT_VALID' });
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

  it('maps text PostgreSQL cannot store (a NUL) to IS_NOT_VALID, not an internal error (FND-26)', () => {
    for (const code of ['22021', '22P05']) {
      expect(toAppError(pgError({ code }))).toMatchObject({ code: 'IS_NOT_VALID', statusCode: 400 });
    }
  });

  it('passes anything else through unchanged', () => {
    const deadlock = pgError({ code: '40P01' });
    expect(toAppError(deadlock)).toBe(deadlock);
    const unreadable = pgError({ code: '23503', detail: 'something PostgreSQL never said' });
    expect(toAppError(unreadable)).toBe(unreadable);
    const plain = new Error('boom');
    expect(toAppError(plain)).toBe(plain);
  });
});

describe('database unavailability (FND-20)', () => {
  const errno = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

  it('maps a refused, lost, shut-down or too slow database to SERVICE_UNAVAILABLE', () => {
    const unavailable = [
      errno('ECONNREFUSED'),
      errno('ECONNRESET'),
      new AggregateError([errno('ECONNREFUSED')], 'connect'),
      pgError({ code: '57P01' }),
      pgError({ code: '57P03' }),
      pgError({ code: '57014' }),
      pgError({ code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
    ];
    for (const error of unavailable) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(toAppError(error)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    }
  });

  it('leaves statement errors and other failures alone', () => {
    for (const error of [pgError({ code: '23505' }), pgError({ code: '42P01' }), new Error('boom'), null]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    expect(toAppError(new Error('boom'))).not.toBeInstanceOf(AppError);
  });
});
