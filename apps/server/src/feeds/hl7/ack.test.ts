import { Hl7Message } from '@medplum/core';
import { describe, expect, it } from 'vitest';
import { buildAdtAck } from './ack.ts';

const message = Hl7Message.parse(
  'MSH|^~\\&|EHR|HOSP|CAREBOARD|demo|20261124101530||ADT^A04^ADT_A01|C-42|P|2.5.1\rPID|1||P-1',
);

describe('the ACK', () => {
  it('swaps sender and receiver and answers MSA-2 with the message’s control id', () => {
    const ack = buildAdtAck(message, { code: 'AA', reason: null });
    const msh = ack.getSegment('MSH');
    expect([3, 4, 5, 6].map((f) => msh?.getComponent(f, 1))).toEqual(['CAREBOARD', 'demo', 'EHR', 'HOSP']);
    expect(msh?.getField(9)?.toString()).toBe('ACK^A04^ACK');
    expect(msh?.getComponent(10, 1)).toMatch(/^CB[0-9a-f]{18}$/);
    expect(ack.getSegment('MSA')?.toString()).toBe('MSA|AA|C-42|OK');
    expect(ack.getSegment('ERR')).toBeUndefined();
  });

  it('carries the reason of an AE or AR in MSA-3 and ERR, escaped', () => {
    const ack = buildAdtAck(message, { code: 'AR', reason: 'point of care A|B unknown', errorCode: '204' });
    expect(ack.getSegment('MSA')?.toString()).toBe('MSA|AR|C-42|point of care A\\F\\B unknown');
    expect(ack.getSegment('ERR')?.toString()).toBe(
      'ERR|||204^Unknown key identifier^HL70357|E||||point of care A\\F\\B unknown',
    );
  });

  it('answers a frame that is not HL7 in the default encoding, with no control id', () => {
    const ack = buildAdtAck(undefined, { code: 'AE', reason: 'no MSH segment', errorCode: '101' });
    expect(ack.toString()).toMatch(/^MSH\|\^~\\&\|CAREBOARD\|/);
    expect(ack.getSegment('MSA')?.toString()).toBe('MSA|AE||no MSH segment');
  });
});
