import { listUserPage, type UserFilter } from '../../store/accounts.ts';
import type { Db } from '../../store/database.ts';
import type { Page, PageRequest } from '../../store/repositories/page.ts';
import { findUserOrThrow } from './caller.ts';
import { toUser, type User } from './user-view.ts';

/** One page of the customer's users, by email (BOF-27). */
export async function listUsers(
  db: Db,
  customerId: string,
  filter: UserFilter,
  page: PageRequest,
): Promise<Page<User>> {
  const rows = await listUserPage(db, customerId, filter, page);
  return { ...rows, items: rows.items.map(toUser) };
}

/** The customer's user; another customer's is ENTITY_NOT_FOUND. */
export async function readUser(db: Db, customerId: string, id: string): Promise<User> {
  return toUser(await findUserOrThrow(db, customerId, id));
}
