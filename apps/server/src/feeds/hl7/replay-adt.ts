import type { MappedPointOfCare } from '@careboard/contracts';
import { Hl7Message } from '@medplum/core';
import { AppError } from '../../errors/app-error.ts';
import { createPointOfCare } from '../../services/feeds/adt-setting-writes.ts';
import type { Db } from '../../store/database.ts';
import {
  findFacilitySenders,
  forgetUnmappedPointOfCare,
  listIgnoredForPointOfCare,
} from '../../store/repositories/adt-mappings.ts';
import {
  type FeedMessage,
  findFeedMessageSummary,
  findStoredHl7Message,
  settleFeedMessage,
} from '../../store/repositories/feed-messages.ts';
import { readEnvelope } from './adt-fields.ts';
import { charsetOf, DEFAULT_CHARSET, decodeHl7 } from './hl7-charset.ts';
import { applyAndSettle, firstSegment, type ReceiveOptions } from './receive-adt.ts';

/** At most this many stored messages are read again by one mapping (the rest by the next). */
const REPLAY_LIMIT = 1_000;

/**
 * Reads a stored message again (decision FEED-67): one left out (a place nothing mapped) or
 * refused, from its bytes as received, in the character set its MSH-18 names or its facility's
 * default now, through the same apply-and-settle as when it came; the row is settled anew and
 * its outcome returned. The sender got its answer long ago and gets none now. A message that
 * was applied, is still being received, repeats another's identity with other content, or was
 * kept without its bytes (a sender not accepted, a frame over the limit) is not one to replay.
 */
export async function replayAdtMessage(
  db: Db,
  customerId: string,
  id: string,
  options: ReceiveOptions,
): Promise<FeedMessage> {
  const stored = await findStoredHl7Message(db, customerId, id);
  if (!stored) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Feed message', id });
  if (
    !['ignored', 'error', 'rejected'].includes(stored.status) ||
    stored.body_bytes === null ||
    stored.repeat_of !== null
  ) {
    throw new AppError('IS_NOT_VALID', { field: 'status' });
  }
  const bytes = stored.body_bytes;
  const head = readEnvelope(Hl7Message.parse(firstSegment(bytes)));
  const facility = head ? await findFacilitySenders(db, head.facility) : undefined;
  // The facility now belongs to another customer, or to none: nothing of this customer's to apply.
  if (!head || facility?.customerId !== customerId) throw new AppError('IS_NOT_VALID', { field: 'facility' });
  const context = {
    message: id,
    control: head.controlId,
    type: head.messageType,
    customer: customerId,
    replay: true,
  };
  const charset = charsetOf(head.charset || facility.charset || DEFAULT_CHARSET.name);
  const decoded = charset ? decodeHl7(bytes, charset) : undefined;
  if (!charset || !decoded?.ok) {
    const reason =
      decoded && !decoded.ok ? decoded.reason : 'MSH-18 names a character set Careboard does not read';
    await settleFeedMessage(db, id, { status: 'error', ack_code: 'AE', reason, point_of_care: null });
  } else {
    const message = Hl7Message.parse(decoded.text);
    await applyAndSettle(
      db,
      id,
      message,
      readEnvelope(message) ?? head,
      {
        ...options,
        customerId,
        context,
        testFacility: facility.testFacility,
        refusal: undefined,
        charset,
        patientId: facility.patientId,
        arrivalStatuses: facility.arrivalStatuses,
        replay: true,
      },
      options.now ?? new Date(),
    );
  }
  return (await findFeedMessageSummary(db, customerId, id)) as FeedMessage;
}

/**
 * The one-click map of an unmapped point of care (decision FEED-67): a mapping of that point of
 * care to the workflow (and phase) is made as POST /adt/points-of-care makes one, its count is
 * forgotten, and the messages left out for it are read again, oldest first, so the patients they
 * name are on the board as if the mapping had been there.
 */
export async function mapUnmappedPointOfCare(
  db: Db,
  customerId: string,
  input: { readonly point_of_care: string; readonly workflow_id: number; readonly phase_id?: number | null },
  options: ReceiveOptions,
): Promise<MappedPointOfCare> {
  const point = await createPointOfCare(db, customerId, {
    point_of_care: input.point_of_care,
    workflow_id: input.workflow_id,
    phase_id: input.phase_id ?? null,
  });
  const key = input.point_of_care.trim().toLowerCase();
  await forgetUnmappedPointOfCare(db, customerId, key);
  const ids = await listIgnoredForPointOfCare(db, customerId, key, REPLAY_LIMIT);
  let applied = 0;
  for (const id of ids) {
    const outcome = await replayAdtMessage(db, customerId, id, options);
    if (outcome.status === 'applied') applied += 1;
  }
  return { point, replayed: ids.length, applied };
}
