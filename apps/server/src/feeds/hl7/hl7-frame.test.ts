import { describe, expect, it } from 'vitest';
import { batchField, splitFrame } from './hl7-frame.ts';

const msh = (control: string) => `MSH|^~\\&|EHR|HOSP|CB|demo|20261124||ADT^A04|${control}|P|2.5`;
const frame = (...segments: string[]) => Buffer.from(segments.join('\r'), 'latin1');

function parts(bytes: Buffer) {
  const split = splitFrame(bytes);
  if (!split.ok) throw new Error(split.reason);
  return {
    batch: split.batch,
    refusal: split.refusal,
    parts: split.parts.map((part) =>
      part.kind === 'message' ? part.bytes.toString('latin1') : part.segment.name,
    ),
  };
}

describe('what one MLLP frame holds', () => {
  it('is one message when it has one MSH, its segment ends kept as they came', () => {
    const bytes = Buffer.from(`${msh('1')}\r\nEVN|A04\nPID|1\r\r`, 'latin1');
    expect(parts(bytes)).toEqual({
      batch: false,
      refusal: undefined,
      parts: [`${msh('1')}\r\nEVN|A04\nPID|1`],
    });
  });

  it('is two messages when two MSH segments come in one frame', () => {
    expect(parts(frame(msh('1'), 'EVN|A04', msh('2'), 'EVN|A04')).parts).toEqual([
      `${msh('1')}\rEVN|A04`,
      `${msh('2')}\rEVN|A04`,
    ]);
  });

  it('reads a file batch (FHS, BHS, messages, BTS, FTS) in order', () => {
    const bytes = frame(
      'FHS|^~\\&||ABCHS||AUSDHSV|20070101123401|||abchs.hl7|^M',
      'BHS|^~\\&||ABCHS||AUSDHSV|20070101123401||||abchs-1^M',
      msh('1'),
      'PV1|1|O',
      msh('2'),
      'BTS|2',
      'FTS|1',
    );
    expect(parts(bytes)).toEqual({
      batch: true,
      refusal: undefined,
      parts: ['FHS', 'BHS', `${msh('1')}\rPV1|1|O`, msh('2'), 'BTS', 'FTS'],
    });
  });

  it('refuses every message of a batch whose trailer counts otherwise (cut short)', () => {
    const split = parts(frame('BHS|^~\\&|EHR', msh('1'), 'BTS|3'));
    expect(split.refusal).toBe(
      'BTS-1 says the batch holds 3 messages but it holds 1: nothing in it was applied',
    );
  });

  it('takes a batch without trailers as it is', () => {
    expect(parts(frame('BHS|^~\\&|EHR', msh('1'), msh('2'))).refusal).toBeUndefined();
  });

  it('drops a UTF-8 byte order mark before the first segment', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), frame(msh('1'))]);
    expect(parts(bytes).parts).toEqual([msh('1')]);
  });

  it('refuses a frame with no MSH, and one that begins with another segment, naming why', () => {
    expect(splitFrame(frame('NOT HL7'))).toEqual({ ok: false, reason: 'no MSH segment' });
    expect(splitFrame(frame('PID|1', msh('1')))).toEqual({
      ok: false,
      reason: 'the frame begins with neither MSH nor a batch header (FHS, BHS)',
    });
  });

  it('reads batch fields by their HL7 numbers (FHS-1 is the separator itself)', () => {
    const segment = { name: 'BHS' as const, bytes: Buffer.from('BHS|^~\\&|APP|FAC|RAPP|RFAC|2007||||||B-1') };
    expect(batchField(segment, 3)).toBe('APP');
    expect(batchField(segment, 6)).toBe('RFAC');
    expect(batchField(segment, 11)).toBe('');
    expect(batchField({ name: 'BTS', bytes: Buffer.from('BTS|4') }, 1)).toBe('4');
  });
});
