import { randomUUID } from 'node:crypto';
import { Hl7Context, Hl7Message, Hl7Segment } from '@medplum/core';
import type { AckCode } from '../../store/tables/feeds.ts';
import { escapeHl7 } from './hl7-text.ts';

/** How a message ended, as its ACK says it. */
export interface AdtAnswer {
  readonly code: AckCode;
  /** MSA-3 (and ERR-8): why, for AE and AR; a short note for AA. Never a patient's name. */
  readonly reason: string | null;
  /** ERR-3, HL7 table 0357, for AE and AR. */
  readonly errorCode?: string | undefined;
}

const ERROR_TEXT: Readonly<Record<string, string>> = Object.freeze({
  '101': 'Required field missing',
  '200': 'Unsupported message type',
  '201': 'Unsupported event code',
  '204': 'Unknown key identifier',
  '207': 'Application internal error',
});

/** A context whose separators are single, distinct characters: one we can write an answer in. */
function isUsable(context: Hl7Context): boolean {
  const chars = [
    context.fieldSeparator,
    context.componentSeparator,
    context.repetitionSeparator,
    context.escapeCharacter,
    context.subcomponentSeparator,
  ];
  return (
    chars.every((c) => c.length === 1 && c !== '\r' && c !== '\n') && new Set(chars).size === chars.length
  );
}

/**
 * The ACK of a message (original acknowledgment mode): @medplum/core's buildAck (MSH with
 * sender and receiver swapped, MSH-9 `ACK^<event>`, MSA-1 the code, MSA-2 the message's
 * MSH-10), with our additions: MSA-3 is the reason instead of a fixed text, an ERR segment
 * (ERR-3 code, ERR-4 severity E, ERR-8 the reason) for AE and AR, and an MSH-10 of its own
 * (buildAck uses the clock's milliseconds, which two answers in one millisecond would share),
 * MSH-11 the message's processing id (buildAck writes P) and MSH-18 the message's character set.
 * A message that is not HL7 at all (no MSH, odd separators) is answered in the default encoding
 * (decision FEED-14).
 */
export function buildAdtAck(message: Hl7Message | undefined, answer: AdtAnswer): Hl7Message {
  const source =
    message?.getSegment('MSH') && isUsable(message.context)
      ? message
      : new Hl7Message([new Hl7Segment(['MSH', '^~\\&', '', '', 'CAREBOARD', ''])], new Hl7Context());
  const context = source.context;
  const errSegment =
    answer.code === 'AA'
      ? undefined
      : new Hl7Segment(
          [
            'ERR',
            '',
            '',
            `${answer.errorCode ?? '207'}${context.componentSeparator}${escapeHl7(ERROR_TEXT[answer.errorCode ?? '207'] ?? '', context)}${context.componentSeparator}HL70357`,
            'E',
            '',
            '',
            '',
            escapeHl7(answer.reason ?? '', context),
          ],
          context,
        );
  const ack = source.buildAck({ ackCode: answer.code, ...(errSegment ? { errSegment } : {}) });
  const msh = ack.getSegment('MSH');
  msh?.setField(10, `CB${randomUUID().replaceAll('-', '').slice(0, 18)}`);
  // The answer is of the message's kind (FEED-64) and in its character set (FEED-59).
  const sourceMsh = source.getSegment('MSH');
  const processingId = sourceMsh?.getField(11)?.toString() ?? '';
  if (processingId) msh?.setField(11, processingId);
  const charset = sourceMsh?.getField(18)?.toString().split(context.repetitionSeparator)[0] ?? '';
  if (charset) msh?.setField(18, charset);
  const msa = ack.getSegment('MSA');
  if (msa) msa.setField(3, escapeHl7(answer.reason ?? (answer.code === 'AA' ? 'OK' : ''), context));
  // Answered in the default encoding (its own separators are not ones we can write in), a message
  // still gets its control id back in MSA-2, so its sender can match the answer to it.
  const controlId = message?.getSegment('MSH')?.getField(10)?.toString() ?? '';
  if (msa && source !== message && controlId) msa.setField(2, escapeHl7(controlId, context));
  return ack;
}
