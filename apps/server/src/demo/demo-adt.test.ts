import { Hl7Message } from '@medplum/core';
import { describe, expect, it } from 'vitest';
import { demoAdtMessage } from './demo-adt.ts';

describe('the demo EHR’s ADT messages', () => {
  const text = demoAdtMessage({
    event: 'A04',
    controlId: 'DEMO-1',
    facility: 'demo',
    at: new Date('2026-11-24T10:15:30Z'),
    patientId: 'P-7',
    visitNumber: 'V-7',
    firstName: 'Ann|a',
    lastName: 'Kowalski',
    pointOfCare: 'SURG',
  });
  const message = Hl7Message.parse(text);

  it('parse with a real HL7 parser into the fields the feed reads', () => {
    expect(message.getSegment('MSH')?.getField(9)?.toString()).toBe('ADT^A04^ADT_A01');
    expect(message.getSegment('MSH')?.getField(10)?.toString()).toBe('DEMO-1');
    expect(message.getSegment('PV1')?.getField(19)?.toString()).toBe('V-7');
    expect(message.getSegment('PV1')?.getComponent(3, 1)).toBe('SURG');
    expect(message.getSegment('PID')?.getComponent(5, 1)).toBe('Kowalski');
  });

  it('escape a separator inside a name', () => {
    expect(text).toContain('Ann\\F\\a');
    expect(message.getSegment('PID')?.getField(5)?.toString()).not.toContain('a^Kowalski');
  });
});
