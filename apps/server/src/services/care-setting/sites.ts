import type { Db } from '../../store/database.ts';
import {
  boardIdsOfSite,
  deleteSite as deleteSiteRow,
  insertSite,
  type Site,
  updateSite as updateSiteRow,
} from '../../store/repositories/sites.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { definedOnly, deleted, found, recordSettingChange } from './care-setting-changes.ts';
import { type CreateSiteInput, createSiteInput, type UpdateSiteInput, updateSiteInput } from './inputs.ts';

export async function createSite(db: Db, customerId: string, input: CreateSiteInput): Promise<Site> {
  const data = parseInput(createSiteInput, input);
  return runWrite(db, async (trx) => {
    const site = await insertSite(trx, customerId, data);
    await recordSettingChange(trx, customerId, { entity: 'site', id: site.id, action: 'insert' });
    return site;
  });
}

/** Renames a site or changes its time zone; boards of its departments get the new config live. */
export async function updateSite(
  db: Db,
  customerId: string,
  id: number,
  input: UpdateSiteInput,
): Promise<Site> {
  const patch = definedOnly(parseInput(updateSiteInput, input));
  return runWrite(db, async (trx) => {
    const site = found(await updateSiteRow(trx, customerId, id, patch), 'Site', id);
    const boards = await boardIdsOfSite(trx, customerId, id);
    await recordSettingChange(trx, customerId, { entity: 'site', id, action: 'update' }, boards);
    return site;
  });
}

/** Deletes a site without departments (one with departments is refused by its foreign key: BOF-14). */
export async function deleteSite(db: Db, customerId: string, id: number): Promise<void> {
  await runWrite(db, async (trx) => {
    deleted(await deleteSiteRow(trx, customerId, id), 'Site', id);
    await recordSettingChange(trx, customerId, { entity: 'site', id, action: 'delete' });
  });
}
