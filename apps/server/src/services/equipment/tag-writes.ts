import { type TagKind, tagKinds } from '@careboard/contracts';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { recordChanges } from '../../store/change-log.ts';
import type { Db } from '../../store/database.ts';
import {
  deleteBadge,
  deleteTag,
  findBadgeOfTag,
  findTag,
  findTagView,
  forgetOnCompletedVisits,
  insertBadges,
  insertTag,
  isWornByOthers,
  renameBadge,
  type Tag,
  type TagRecord,
  updateTag,
} from '../../store/repositories/tags.ts';
import { parseInput } from '../parse-input.ts';
import { nameSchema } from '../schema-parts.ts';
import { runWrite } from '../write-transaction.ts';

const tagFields = {
  kind: z.enum(tagKinds),
  /** What is printed on the badge or tag. */
  label: nameSchema(60),
  /** Set by the RTLS feed; a person may set or clear it too, e.g. after changing the battery (BOF-23). */
  battery_low: z.boolean(),
};

export const createTagInput = z.strictObject({
  ...tagFields,
  battery_low: tagFields.battery_low.default(false),
});
export const updateTagInput = z.strictObject(tagFields).partial();

export type CreateTagInput = z.input<typeof createTagInput>;
export type UpdateTagInput = z.input<typeof updateTagInput>;

const isBadgeKind = (kind: TagKind) => kind !== 'asset_tag';

/**
 * A new tag; a patient or staff badge also gets its badge, with the same label, which is
 * what visits and staff wear (decision BOF-16).
 */
export async function createTag(db: Db, customerId: string, input: CreateTagInput): Promise<TagRecord> {
  const data = parseInput(createTagInput, input);
  return runWrite(db, async (trx) => {
    const tag = await insertTag(trx, customerId, data);
    if (isBadgeKind(tag.kind)) await insertBadges(trx, customerId, [{ label: tag.label, tag_id: tag.id }]);
    // Nobody wears a new tag: no board shows it yet.
    await recordChanges(trx, customerId, [
      { entity: 'tag', entityId: tag.id, action: 'insert', boardIds: [] },
    ]);
    return viewOf(trx, customerId, tag.id);
  });
}

/**
 * Renames a tag (and its badge), changes its kind, or sets its battery flag. A tag
 * someone wears keeps its kind (TAG_IS_IN_USE); a badge kind turned asset tag loses its
 * badge, an asset tag turned badge gets one.
 */
export async function updateTagById(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateTagInput,
): Promise<TagRecord> {
  const data = parseInput(updateTagInput, input);
  return runWrite(db, async (trx) => {
    const tag = await lockTag(trx, customerId, id);
    const badge = await findBadgeOfTag(trx, customerId, tag.id);
    const kind = data.kind ?? tag.kind;
    if (kind !== tag.kind) {
      const worn = { tagId: tag.id, badgeId: badge?.id ?? null };
      if (await isWornByOthers(trx, customerId, worn, null))
        throw new AppError('TAG_IS_IN_USE', { kind: 'Tag' });
    }
    await updateTag(trx, customerId, tag.id, data);
    const label = data.label ?? tag.label;
    if (badge && !isBadgeKind(kind)) {
      await forgetOnCompletedVisits(trx, customerId, { badgeId: badge.id });
      await deleteBadge(trx, customerId, badge.id);
    } else if (badge && data.label !== undefined) {
      await renameBadge(trx, customerId, badge.id, label);
    } else if (!badge && isBadgeKind(kind)) {
      await insertBadges(trx, customerId, [{ label, tag_id: tag.id }]);
    }
    // Boards show a worn badge's label: any of the customer's may change.
    await recordChanges(trx, customerId, [
      { entity: 'tag', entityId: tag.id, action: 'update', boardIds: null },
    ]);
    return viewOf(trx, customerId, tag.id);
  });
}

/** Removes a tag nobody wears, with its badge; finished visits forget it (BOF-18). */
export async function deleteTagById(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    const tag = await lockTag(trx, customerId, id);
    const badge = await findBadgeOfTag(trx, customerId, tag.id);
    const worn = { tagId: tag.id, badgeId: badge?.id ?? null };
    if (await isWornByOthers(trx, customerId, worn, null))
      throw new AppError('TAG_IS_IN_USE', { kind: 'Tag' });
    await forgetOnCompletedVisits(trx, customerId, { tagId: tag.id, badgeId: badge?.id });
    if (badge) await deleteBadge(trx, customerId, badge.id);
    await deleteTag(trx, customerId, tag.id);
    await recordChanges(trx, customerId, [
      { entity: 'tag', entityId: tag.id, action: 'delete', boardIds: null },
    ]);
  });
}

async function lockTag(trx: Db, customerId: string, id: number): Promise<Tag> {
  const tag = await findTag(trx, customerId, id, { forUpdate: true });
  if (!tag) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Tag', id });
  return tag;
}

async function viewOf(trx: Db, customerId: string, id: number): Promise<TagRecord> {
  const view = await findTagView(trx, customerId, id);
  if (!view) throw new AppError('ENTITY_NOT_FOUND', { entity: 'Tag', id });
  return view;
}
