import { randomBytes } from 'node:crypto';
import { createAccountIfMissing } from '../identity/accounts.ts';
import { addSigningKey } from '../identity/keys.ts';
import { revokeGrant } from '../identity/oidc-adapter.ts';
import { isRole, roles } from '../identity/roles.ts';
import { listAccounts, setAccountDisabled, updateAccountRole } from '../store/accounts.ts';
import { findCustomer } from '../store/customers.ts';
import type { Db } from '../store/database.ts';
import { listDeviceActivations, markDeviceRevoked } from '../store/device-activations.ts';
import { listIdentityKeys, retireIdentityKey } from '../store/identity-keys.ts';
import { assignBoardOfGrant, revokeDeviceOfGrant } from '../store/repositories/devices.ts';

export class UsageError extends Error {}

export type Options = Readonly<Record<string, string | boolean | undefined>>;
type Print = (line: string) => void;

function text(options: Options, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function required(options: Options, name: string): string {
  const value = text(options, name);
  if (!value) throw new UsageError(`--${name} is required.`);
  return value;
}

export async function userAdd(
  db: Db,
  options: Options,
  print: Print,
  readPassword: () => Promise<string>,
): Promise<void> {
  const customerId = required(options, 'customer');
  const email = required(options, 'email');
  const role = required(options, 'role');
  if (!isRole(role)) throw new UsageError(`--role must be one of ${roles.join(', ')}.`);
  if (!(await findCustomer(db, customerId))) throw new UsageError(`There is no customer ${customerId}.`);
  const given = options['password-stdin'] === true ? await readPassword() : undefined;
  if (given !== undefined && given.length < 12)
    throw new UsageError('The password must have at least 12 characters.');
  const password = given ?? randomBytes(15).toString('base64url');
  const created = await createAccountIfMissing(db, {
    customerId,
    email,
    role,
    name: text(options, 'name') ?? email,
    password,
  });
  if (!created) throw new UsageError(`An account with the email ${email} exists already.`);
  print(`Added ${email} (${role}) to ${customerId}.`);
  if (given === undefined) print(`Password, shown once: ${password}`);
}

export async function userList(db: Db, options: Options, print: Print): Promise<void> {
  for (const account of await listAccounts(db, text(options, 'customer'))) {
    print([account.customer_id, account.email, account.role, account.name].join('\t'));
  }
}

/**
 * Changes an account's role. Its existing grants are checked against the new
 * role at their next use: one holding a scope the role lacks ends (IDN-13).
 */
export async function userSetRole(
  db: Db,
  email: string | undefined,
  options: Options,
  print: Print,
): Promise<void> {
  if (!email)
    throw new UsageError('Name the account: careboard user set-role <email> --customer <id> --role <role>.');
  const customerId = required(options, 'customer');
  const role = required(options, 'role');
  if (!isRole(role)) throw new UsageError(`--role must be one of ${roles.join(', ')}.`);
  if (!(await updateAccountRole(db, customerId, email, role)))
    throw new UsageError(`There is no account ${email} of ${customerId}.`);
  print(`${email} of ${customerId} is now ${role}. Sign-ins that need more end at their next token refresh.`);
}

/** Disables an account (or enables it again): no sign-in, and its grants end at their next use (IDN-13). */
export async function userDisable(
  db: Db,
  email: string | undefined,
  disabled: boolean,
  print: Print,
): Promise<void> {
  const verb = disabled ? 'disable' : 'enable';
  if (!email) throw new UsageError(`Name the account: careboard user ${verb} <email>.`);
  if (!(await setAccountDisabled(db, email, disabled))) throw new UsageError(`There is no account ${email}.`);
  print(
    disabled
      ? `Disabled ${email}: it cannot sign in, and its sign-ins and the displays it activated end at their next token refresh.`
      : `Enabled ${email}.`,
  );
}

export async function deviceList(db: Db, options: Options, print: Print): Promise<void> {
  for (const device of await listDeviceActivations(db, text(options, 'customer'))) {
    const state = device.revoked_at ? `revoked ${device.revoked_at.toISOString()}` : 'active';
    const seen = device.last_seen_at?.toISOString() ?? 'never';
    print(
      [
        device.grant_id,
        device.customer_id,
        state,
        `activated ${device.activated_at.toISOString()} by ${device.activated_by ?? 'unknown'}`,
        `seen ${seen}`,
        device.ip ?? '',
        device.user_agent ?? '',
        device.display_board_id === null ? 'no board' : `board ${device.display_board_id}`,
      ].join('\t'),
    );
  }
}

/** Revokes the device's grant: its refresh token stops working at once; its access token within minutes. */
export async function deviceRevoke(db: Db, grantId: string | undefined, print: Print): Promise<void> {
  if (!grantId) throw new UsageError('Name the device: careboard device revoke <id from device list>.');
  const marked = await markDeviceRevoked(db, grantId);
  // Its access tokens stop reading boards too, within seconds rather than at their expiry (IDN-16).
  await revokeDeviceOfGrant(db, grantId, new Date());
  const removed = await revokeGrant(db, grantId);
  if (!marked && removed === 0) throw new UsageError(`There is no active device ${grantId}.`);
  print(`Revoked ${grantId}.`);
}

/** Shows another board on a screen (or none): its token reads that board from then on, no re-activation (IDN-16). */
export async function deviceAssign(
  db: Db,
  grantId: string | undefined,
  options: Options,
  print: Print,
): Promise<void> {
  if (!grantId)
    throw new UsageError('Name the device: careboard device assign <id from device list> --board <id>|none.');
  const board = required(options, 'board');
  if (board !== 'none' && !/^\d{1,9}$/.test(board))
    throw new UsageError('--board must be a board id or none.');
  const boardId = board === 'none' ? null : Number(board);
  const outcome = await assignBoardOfGrant(db, grantId, boardId);
  if (outcome === 'no-device') throw new UsageError(`There is no device ${grantId}.`);
  if (outcome === 'no-board') throw new UsageError(`The device's customer has no board ${board}.`);
  print(boardId === null ? `Device ${grantId} shows no board.` : `Device ${grantId} shows board ${boardId}.`);
}

export async function keysRotate(db: Db, print: Print): Promise<void> {
  const kid = await addSigningKey(db);
  print(
    `Added signing key ${kid}. Restart every server to sign with it; retire the old key once its tokens have expired.`,
  );
}

export async function keysList(db: Db, print: Print): Promise<void> {
  for (const row of await listIdentityKeys(db)) {
    print(
      [
        row.kid,
        row.use,
        row.created_at.toISOString(),
        row.retired_at ? `retired ${row.retired_at.toISOString()}` : 'active',
      ].join('\t'),
    );
  }
}

export async function keysRetire(db: Db, kid: string | undefined, print: Print): Promise<void> {
  if (!kid) throw new UsageError('Name the key: careboard keys retire <kid from keys list>.');
  if (!(await retireIdentityKey(db, kid))) throw new UsageError(`There is no active key ${kid}.`);
  print(`Retired ${kid}. Restart every server.`);
}
