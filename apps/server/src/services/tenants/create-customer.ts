import { AppError } from '../../errors/app-error.ts';
import { generatePassword } from '../../identity/accounts.ts';
import { hashPassword } from '../../identity/password.ts';
import { findAccountByEmail, insertUser } from '../../store/accounts.ts';
import { lockUntilTransactionEnds } from '../../store/advisory-lock.ts';
import { type CustomerSettingsRecord, findCustomerKeyInUse, insertCustomer } from '../../store/customers.ts';
import type { Db } from '../../store/database.ts';
import { parseInput } from '../parse-input.ts';
import { toUser, type User } from '../users/user-view.ts';
import { runWrite } from '../write-transaction.ts';
import { type CreateCustomerInput, createCustomerInput, identityIdsOf } from './customer-input.ts';

export interface CreatedCustomer {
  readonly customer: CustomerSettingsRecord;
  readonly admin: User;
  /** The admin's generated password, shown this once when none was given. */
  readonly password?: string;
}

/**
 * Makes a customer: its row, its organization id (`org_<id>`, which the web sign-in names),
 * its device client (`<id>-device`, which its screens activate with) and its first admin, in
 * one transaction, so a refused email leaves no customer without an admin. The admin
 * command and the demo seed both make customers here (decision BOF-26).
 */
export async function createCustomer(db: Db, input: CreateCustomerInput): Promise<CreatedCustomer> {
  const data = parseInput(createCustomerInput, input);
  const password = data.admin_password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const row = { id: data.id, name: data.name, locale: data.locale, ...identityIdsOf(data.id) };
  return runWrite(db, async (trx) => {
    // Two commands (or two servers seeding the demo) making one customer take turns.
    await lockUntilTransactionEnds(trx, 'careboard_customers', '');
    const taken = await findCustomerKeyInUse(trx, row);
    if (taken) throw new AppError('DUPLICATE_KEY', { entity: 'Customer', field: taken, value: row[taken] });
    if (await findAccountByEmail(trx, data.admin_email))
      throw new AppError('AUTH0_API_USER_CREATE_CONFLICT', {});
    const customer = await insertCustomer(trx, row);
    const admin = await insertUser(trx, {
      customer_id: customer.id,
      email: data.admin_email,
      name: data.admin_name ?? data.admin_email,
      role: 'admin',
      password_hash: passwordHash,
    });
    return { customer, admin: toUser(admin), ...(data.admin_password === undefined ? { password } : {}) };
  });
}
