import { type TagRefusal, tagRefusal } from '../../domain/tag-usability.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import {
  findBadge,
  findBadgeOfTag,
  findTag,
  isWornByOthers,
  tagNonReportingSec,
} from '../../store/repositories/tags.ts';

/** What a visit is asked to wear: a badge, a tag, or (both absent or null) nothing. */
export interface WearRequest {
  readonly badge_id?: number | null | undefined;
  readonly tag_id?: number | null | undefined;
}

/** What a visit wears: a badge and its tag travel together. */
export interface Worn {
  readonly badgeId: number | null;
  readonly tagId: number | null;
}

/**
 * Resolves what a visit is to wear and checks it may (decision BOF-20): the badge and its
 * tag, or the tag and the badge it sits in (BOF-21), each of the customer; then the rule
 * in domain/tag-usability.ts against what others wear (`visitId`, the visit itself, does
 * not count) and the customer's non-reporting window, as of `now`.
 */
export async function resolveWorn(
  trx: Db,
  customerId: string,
  request: WearRequest,
  visitId: number | null,
  now: Date,
): Promise<Worn> {
  const badgeId = request.badge_id ?? null;
  // TAG_IS_IN_USE names what the caller named.
  const named: 'Badge' | 'Tag' = badgeId !== null ? 'Badge' : 'Tag';
  const worn =
    badgeId !== null
      ? await ofBadge(trx, customerId, badgeId, request.tag_id)
      : await ofTag(trx, customerId, request.tag_id ?? null);
  if (worn.badgeId === null && worn.tagId === null) return worn;
  const inUse = await isWornByOthers(trx, customerId, worn, visitId);
  if (inUse) throw new AppError('TAG_IS_IN_USE', { kind: named });
  if (worn.tagId === null) return worn;
  // Locked, so a tag being deleted or re-kinded meanwhile is not handed out.
  const tag = await findTag(trx, customerId, worn.tagId, { forUpdate: true });
  if (!tag) throw notFound('Tag', 'tag_id', worn.tagId);
  const refusal = tagRefusal({ ...tag, in_use: false }, now, await tagNonReportingSec(trx, customerId));
  if (refusal) throw refusalError(refusal, named);
  return worn;
}

async function ofBadge(
  trx: Db,
  customerId: string,
  badgeId: number,
  tagId: number | null | undefined,
): Promise<Worn> {
  const badge = await findBadge(trx, customerId, badgeId);
  if (!badge) throw notFound('Badge', 'badge_id', badgeId);
  // A tag named besides the badge must be the badge's own: a badge and its tag never part.
  if (tagId !== undefined && tagId !== badge.tag_id) {
    throw new AppError('IS_NOT_VALID', { field: 'tag_id' });
  }
  return { badgeId: badge.id, tagId: badge.tag_id };
}

async function ofTag(trx: Db, customerId: string, tagId: number | null): Promise<Worn> {
  if (tagId === null) return { badgeId: null, tagId: null };
  const tag = await findTag(trx, customerId, tagId);
  if (!tag) throw notFound('Tag', 'tag_id', tagId);
  const badge = await findBadgeOfTag(trx, customerId, tag.id);
  return { badgeId: badge?.id ?? null, tagId: tag.id };
}

function notFound(entity: 'Badge' | 'Tag', field: string, id: number): AppError {
  return new AppError('NO_MASTER_ENTITY_FOUND', { entity, field, value: String(id) });
}

function refusalError(refusal: TagRefusal, named: 'Badge' | 'Tag'): AppError {
  switch (refusal) {
    case 'in_use':
      return new AppError('TAG_IS_IN_USE', { kind: named });
    case 'not_a_patient_badge':
      return new AppError('IS_NOT_VALID', { field: named === 'Badge' ? 'badge_id' : 'tag_id' });
    case 'non_reporting':
      return new AppError('TAG_IS_NON_REPORTING', {});
    case 'low_battery':
      return new AppError('TAG_HAS_LOW_BATTERY', {});
  }
}
