import type { SignInSettingsRecord } from '@careboard/contracts';
import { sql } from 'kysely';
import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { type SignInSettingsInput, signInSettingsInput } from './connection-input.ts';

export async function readSignInSettings(db: Db, customerId: string): Promise<SignInSettingsRecord> {
  const customer = await db
    .selectFrom('customers')
    .select('password_sign_in')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const accounts = await db
    .selectFrom('accounts')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('break_glass', '=', true)
    .orderBy('email')
    .execute();
  return { password_sign_in: customer.password_sign_in, break_glass_user_ids: accounts.map((row) => row.id) };
}

/**
 * Who may sign in with a password (IDN-29). Passwords off for all but break-glass accounts needs
 * at least one of them an enabled admin with a password, so a provider outage never locks the
 * customer out of its own console; a break-glass account is a password account of this customer.
 */
export async function saveSignInSettings(
  db: Db,
  customerId: string,
  input: SignInSettingsInput,
): Promise<SignInSettingsRecord> {
  const data = parseInput(signInSettingsInput, input);
  return runWrite(db, async (trx) => {
    const chosen =
      data.break_glass_user_ids.length === 0
        ? []
        : await trx
            .selectFrom('accounts')
            .select(['id', 'role', 'disabled_at'])
            .where('customer_id', '=', customerId)
            .where('connection_id', 'is', null)
            .where('password_hash', '<>', '')
            .where(sql<boolean>`id = any(${data.break_glass_user_ids}::uuid[])`)
            .execute();
    if (chosen.length !== data.break_glass_user_ids.length)
      throw new AppError('IS_NOT_VALID', { field: 'break_glass_user_ids' });
    const anAdmin = chosen.some((account) => account.role === 'admin' && account.disabled_at === null);
    if (data.password_sign_in === 'break_glass_only' && !anAdmin)
      throw new AppError('IS_NOT_VALID', { field: 'break_glass_user_ids' });
    await trx
      .updateTable('customers')
      .set({ password_sign_in: data.password_sign_in })
      .where('id', '=', customerId)
      .execute();
    await trx
      .updateTable('accounts')
      .set({ break_glass: sql<boolean>`id = any(${data.break_glass_user_ids}::uuid[])` })
      .where('customer_id', '=', customerId)
      .execute();
    return readSignInSettings(trx, customerId);
  });
}
