import { Hl7Message } from '@medplum/core';
import { describe, expect, it } from 'vitest';
import { demoAdtMessage } from '../../demo/demo-adt.ts';
import { readAdt, readEnvelope } from './adt-fields.ts';

const msh = (type: string, control = 'C-1', facility = 'demo') =>
  `MSH|^~\\&|EHR|HOSP|CAREBOARD|${facility}|20261124101530||${type}|${control}|P|2.5.1`;

function read(text: string) {
  const message = Hl7Message.parse(text);
  const envelope = readEnvelope(message);
  if (!envelope) throw new Error('no envelope');
  return { envelope, adt: readAdt(message, envelope) };
}

describe('what the feed reads of an ADT message', () => {
  it('reads the demo EHR’s register: control id, facility, event, visit number, names, point of care', () => {
    const text = demoAdtMessage({
      event: 'A04',
      controlId: 'DEMO-1',
      facility: 'demo',
      at: new Date('2026-11-24T10:15:30Z'),
      patientId: 'P-7',
      visitNumber: 'V-7',
      firstName: 'Ann|a',
      lastName: 'Kowal^ski',
      pointOfCare: 'SURG',
    });
    const { envelope, adt } = read(text);
    expect(envelope).toEqual({
      controlId: 'DEMO-1',
      facility: 'demo',
      sendingApplication: 'DEMO-EHR',
      sendingFacility: 'DEMO',
      messageType: 'ADT^A04',
      processingId: 'P',
      charset: '',
    });
    expect(adt).toEqual({
      ok: true,
      adt: {
        event: 'A04',
        externalId: 'V-7',
        patientId: 'P-7',
        firstName: 'Ann|a',
        lastName: 'Kowal^ski',
        place: { pointOfCare: 'SURG', room: '', bed: '', facility: 'DEMO', building: '', floor: '' },
        eventAt: new Date('2026-11-24T10:15:30Z'),
        account: '',
        merge: undefined,
        other: undefined,
      },
    });
  });

  it('takes the room from PV1-3.2, the surname without its subcomponents, PID-3.1 with no visit number', () => {
    const { adt } = read(
      [msh('ADT^A02'), 'PID|1||P-9^^^H^MR||Doe&van^John', 'PV1|1|I|ICU^Room 4^^H'].join('\r'),
    );
    expect(adt).toMatchObject({
      ok: true,
      adt: { externalId: 'P-9', lastName: 'Doe', place: { pointOfCare: 'ICU', room: 'Room 4' } },
    });
  });

  it('reads every component of PV1-3 a mapping may name: 1, 2, 3, 4, 7 and 8', () => {
    const { adt } = read([msh('ADT^A02'), 'PID|1||P-9||Doe^John', 'PV1|1|I|ICU^4^B^GHH^^^West^3'].join('\r'));
    expect(adt).toMatchObject({
      ok: true,
      adt: {
        place: { pointOfCare: 'ICU', room: '4', bed: 'B', facility: 'GHH', building: 'West', floor: '3' },
      },
    });
  });

  it('takes the MR repetition of PID-3 for the patient, and never "" for an identifier', () => {
    const { adt } = read(
      [
        msh('ADT^A01'),
        'PID|1||""^^^H^PI~P-5^^^H^MR~X-1^^^H^SS||Doe^John',
        `PV1|1|I|ICU${'|'.repeat(16)}""`,
      ].join('\r'),
    );
    expect(adt).toMatchObject({ ok: true, adt: { patientId: 'P-5', externalId: 'P-5' } });
  });

  it('reads the event time from EVN-6, else EVN-2, else MSH-7, with its offset when it has one', () => {
    const at = (evn: string) => {
      const { adt } = read([msh('ADT^A08'), evn, 'PID|1||P-1||Doe^Jo'].join('\r'));
      return adt.ok ? adt.adt.eventAt?.toISOString() : undefined;
    };
    expect(at('EVN|A08|20261124080000||||20261124070000-0500')).toBe('2026-11-24T12:00:00.000Z');
    expect(at('EVN|A08|20261124080000.5')).toBe('2026-11-24T08:00:00.500Z');
    expect(at('EVN|A08')).toBe('2026-11-24T10:15:30.000Z');
  });

  it('reads MRG for merges and refuses a merge without it', () => {
    const { adt } = read(
      [msh('ADT^A40'), 'PID|1||NEW^^^H^MR||Doe^Jo', 'MRG|OLD^^^H^MR||ACC-1||V-1'].join('\r'),
    );
    expect(adt).toMatchObject({
      ok: true,
      adt: {
        patientId: 'NEW',
        externalId: 'NEW',
        merge: { patientId: 'OLD', account: 'ACC-1', visitNumber: 'V-1' },
      },
    });
    expect(read([msh('ADT^A34'), 'PID|1||NEW'].join('\r')).adt).toMatchObject({
      ok: false,
      errorCode: '101',
    });
  });

  it('takes the facility’s identifier type and authority among PID-3’s repetitions', () => {
    const message = Hl7Message.parse(
      [msh('ADT^A08'), 'PID|1||M-1^^^EPIC^MR~N-9^^^NHS^NH||Doe^Jo'].join('\r'),
    );
    const envelope = readEnvelope(message);
    if (!envelope) throw new Error('no envelope');
    const chosen = readAdt(message, envelope, { patientId: { type: 'NH', authority: 'nhs' } });
    expect(chosen).toMatchObject({ ok: true, adt: { patientId: 'N-9' } });
    expect(readAdt(message, envelope)).toMatchObject({ ok: true, adt: { patientId: 'M-1' } });
  });

  it('reads MSH-11 and the first repetition of MSH-18', () => {
    const { envelope } = read(
      [`${msh('ADT^A01').replace('|P|2.5.1', '|t|2.5.1')}||||||8859/1~ISO IR87`].join('\r'),
    );
    expect(envelope).toMatchObject({ processingId: 'T', charset: '8859/1' });
  });

  it('takes the event from EVN-1 when MSH-9 has none', () => {
    const { envelope, adt } = read([msh('ADT'), 'EVN|A03', 'PID|1||P-1', 'PV1|1|O'].join('\r'));
    expect(envelope.messageType).toBe('ADT^A03');
    expect(adt.ok).toBe(true);
  });

  it('refuses an admit without a family or given name, with a reason naming the field only', () => {
    const { adt } = read([msh('ADT^A04'), 'PID|1||P-1||Secretname', 'PV1|1|O'].join('\r'));
    expect(adt).toMatchObject({ ok: false, errorCode: '101' });
    expect(JSON.stringify(adt)).not.toContain('Secretname');
  });

  it('refuses another message type, an event we do not apply, and a message naming no visit', () => {
    expect(read([msh('ORU^R01'), 'PID|1||P-1'].join('\r')).adt).toMatchObject({
      ok: false,
      errorCode: '200',
    });
    expect(read([msh('ADT^A20'), 'PID|1||P-1'].join('\r')).adt).toMatchObject({
      ok: false,
      errorCode: '201',
    });
    expect(read([msh('ADT^A03'), 'PID|1', 'PV1|1|O'].join('\r')).adt).toMatchObject({
      ok: false,
      errorCode: '101',
    });
  });

  it('reads an empty control id as missing, and no envelope without MSH', () => {
    expect(read([msh('ADT^A03', ''), 'PID|1||P-1'].join('\r')).envelope.controlId).toBe('');
    const notMsh = Hl7Message.parse('MSH');
    expect(readEnvelope(notMsh)).toBeUndefined();
  });

  it('never throws on odd text after MSH', () => {
    for (const text of [
      'MSH|',
      'MSH|^~\\&',
      'MSH|^~\\&|||||||ADT^A04|1\rPID',
      'MSHXXXXXXXX\r\r\rPV1X',
      'MSH|^~\\&|\u0000|',
    ]) {
      const message = Hl7Message.parse(text);
      const envelope = readEnvelope(message);
      if (envelope) expect(() => readAdt(message, envelope)).not.toThrow();
    }
  });
});
