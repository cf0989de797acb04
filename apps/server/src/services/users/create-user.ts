import { AppError } from '../../errors/app-error.ts';
import { generatePassword } from '../../identity/accounts.ts';
import { hashPassword } from '../../identity/password.ts';
import { findAccountByEmail, insertUser } from '../../store/accounts.ts';
import type { Db } from '../../store/database.ts';
import { parseInput } from '../parse-input.ts';
import { runWrite } from '../write-transaction.ts';
import { assertWithinLevel, type Caller, callerAccount } from './caller.ts';
import { type CreateUserInput, createUserInput } from './user-input.ts';
import { toUser, type User } from './user-view.ts';

export interface CreatedUser {
  readonly user: User;
  /** The generated password, answered this once when none was given (BOF-27). */
  readonly password?: string;
}

/** The unique index on lower(email) spans every customer: an email signs in to one account. */
function isEmailTaken(error: unknown): boolean {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'accounts_email_key';
}

/**
 * Adds a user to the caller's customer with a role no higher than the caller's own
 * (USER_LEVEL_IS_NOT_VALID); a taken email, whichever customer has it, is
 * AUTH0_API_USER_CREATE_CONFLICT (decisions BOF-27, BOF-28).
 */
export async function createUser(
  db: Db,
  customerId: string,
  caller: Caller,
  input: CreateUserInput,
): Promise<CreatedUser> {
  const data = parseInput(createUserInput, input);
  const password = data.password ?? generatePassword();
  // scrypt takes ~50 ms: outside the transaction.
  const passwordHash = await hashPassword(password);
  return runWrite(db, async (trx) => {
    assertWithinLevel(await callerAccount(trx, customerId, caller), data.role);
    if (await findAccountByEmail(trx, data.email)) throw new AppError('AUTH0_API_USER_CREATE_CONFLICT', {});
    const row = await insertUser(trx, {
      customer_id: customerId,
      email: data.email,
      name: data.name,
      role: data.role,
      password_hash: passwordHash,
    }).catch((error: unknown) => {
      throw isEmailTaken(error) ? new AppError('AUTH0_API_USER_CREATE_CONFLICT', {}) : error;
    });
    return { user: toUser(row), ...(data.password === undefined ? { password } : {}) };
  });
}
