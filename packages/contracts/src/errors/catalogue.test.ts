import { describe, expect, it } from 'vitest';
import { errorCodes } from './catalogue.ts';
import { errorEnvelope, errorStatus, formatError, readErrorEnvelope } from './envelope.ts';

describe('error catalogue', () => {
  it('renders every specification text word for word', () => {
    expect(formatError('DUPLICATE_KEY', { entity: 'Station', field: 'name', value: 'Registration 2' })).toBe(
      'Station with name "Registration 2" already exists.',
    );
    expect(formatError('DUPLICATE_KEY', { entity: 'PAR levels', field: 'location', value: '3' })).toBe(
      'These PAR levels already exists.',
    );
    expect(formatError('ENTITY_NOT_FOUND', { entity: 'Display board', id: 999 })).toBe(
      'Display board with id 999 was not found.',
    );
    expect(formatError('NO_MASTER_ENTITY_FOUND', { entity: 'Workflow', field: 'id', value: '7' })).toBe(
      'Workflow with id "7" not found.',
    );
    expect(formatError('TAG_IS_IN_USE', { kind: 'Badge' })).toBe('This Badge is currently in use.');
    expect(formatError('TAG_IS_IN_USE', { kind: 'Tag' })).toBe('This Tag is currently in use.');
    expect(formatError('SENSOR_IS_IN_USE', { value: 'S-12', location: 'Exam 4' })).toBe(
      'Sensor S-12 already exists in Exam 4.',
    );
    expect(formatError('ASSET_TYPE_IS_IN_USE', {})).toBe("Can't complete action: Asset type is in use.");
    expect(formatError('IS_NOT_VALID', { field: 'id' })).toBe('id is not valid.');
    expect(formatError('IS_REQUIRED', { field: 'name' })).toBe('name is required value.');
    expect(formatError('MAX_LENGTH', { field: 'name', limit: 120 })).toBe('name exceeds 120 characters.');
    expect(formatError('USER_LEVEL_IS_NOT_VALID', {})).toBe(
      'You do not have permissions to set this user level',
    );
    expect(formatError('WORKFLOW_HAS_ACTIVE_PATIENTS', {})).toBe(
      'Action can’t be completed due to active patients in the workflow.',
    );
    expect(formatError('TAG_IS_NON_REPORTING', {})).toBe(
      'This Tag is non-reporting. Please select a different one.',
    );
    expect(formatError('TAG_HAS_LOW_BATTERY', {})).toBe(
      'This Tag has a low battery. Please select a different one.',
    );
    expect(formatError('AUTH0_API_USER_CREATE_CONFLICT', {})).toBe('Email is already in use.');
    expect(formatError('INTERNAL_SERVER_ERROR', {})).toBe('Internal server error.');
  });

  it('gives every code a 4xx or 5xx status', () => {
    for (const code of errorCodes) {
      expect(errorStatus(code), code).toBeGreaterThanOrEqual(400);
      expect(errorStatus(code), code).toBeLessThan(600);
    }
    expect(errorStatus('INTERNAL_SERVER_ERROR')).toBe(500);
    expect(errorStatus('ENTITY_NOT_FOUND')).toBe(404);
  });

  it('builds the envelope the server answers with', () => {
    expect(errorEnvelope('IS_REQUIRED', { field: 'name' })).toEqual({
      code: 'IS_REQUIRED',
      params: { field: 'name' },
      message: 'name is required value.',
    });
  });

  it('reads an untrusted envelope, falling back to the internal error text', () => {
    expect(readErrorEnvelope({ code: 'IS_NOT_VALID', params: { field: 'id' } }).message).toBe(
      'id is not valid.',
    );
    expect(readErrorEnvelope({ code: 'NO_SUCH_CODE', params: {} }).message).toBe('Internal server error.');
    expect(readErrorEnvelope('<html>').code).toBe('INTERNAL_SERVER_ERROR');
    expect(readErrorEnvelope(null).code).toBe('INTERNAL_SERVER_ERROR');
  });
});
