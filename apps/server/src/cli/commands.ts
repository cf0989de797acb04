import { isAppError } from '../errors/app-error.ts';
import {
  createAccountIfMissing,
  endSessionsOfAccount,
  generatePassword,
  MIN_PASSWORD_LENGTH,
} from '../identity/accounts.ts';
import { addSigningKey } from '../identity/keys.ts';
import { revokeGrant } from '../identity/oidc-adapter.ts';
import { isRole, roleLevel, roles } from '../identity/roles.ts';
import { revokeDevice, updateDevice } from '../services/devices/manage-device.ts';
import {
  findAccountByEmail,
  listAccounts,
  setAccountDisabled,
  updateAccountRole,
} from '../store/accounts.ts';
import { findCustomer } from '../store/customers.ts';
import type { Db } from '../store/database.ts';
import { findDeviceByReference, listDeviceListings } from '../store/device-activations.ts';
import { listIdentityKeys, retireIdentityKey } from '../store/identity-keys.ts';
import type { CliWrite } from './audit.ts';

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
): Promise<readonly CliWrite[]> {
  const customerId = required(options, 'customer');
  const email = required(options, 'email');
  const role = required(options, 'role');
  if (!isRole(role)) throw new UsageError(`--role must be one of ${roles.join(', ')}.`);
  if (!(await findCustomer(db, customerId))) throw new UsageError(`There is no customer ${customerId}.`);
  const given = options['password-stdin'] === true ? await readPassword() : undefined;
  if (given !== undefined && given.length < MIN_PASSWORD_LENGTH)
    throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  const password = given ?? generatePassword();
  const created = await createAccountIfMissing(db, {
    customerId,
    email,
    role,
    name: text(options, 'name') ?? email,
    password,
  });
  if (!created) throw new UsageError(`An account with the email ${email} exists already.`);
  const account = await findAccountByEmail(db, email);
  print(`Added ${email} (${role}) to ${customerId}.`);
  if (given === undefined) print(`Password, shown once: ${password}`);
  return [{ customer_id: customerId, action: 'create', entity: 'users', entity_id: account?.id ?? null }];
}

export async function userList(db: Db, options: Options, print: Print): Promise<void> {
  for (const account of await listAccounts(db, text(options, 'customer'))) {
    print([account.customer_id, account.email, account.role, account.name].join('\t'));
  }
}

/**
 * Changes an account's role. A lowered role ends its sign-ins at once, as the users API does
 * (BOF-30): the next one gets the new role's scopes; a raised one keeps them. The displays it
 * activated are checked against the new role at their next refresh (IDN-13).
 */
export async function userSetRole(
  db: Db,
  email: string | undefined,
  options: Options,
  print: Print,
): Promise<readonly CliWrite[]> {
  if (!email)
    throw new UsageError('Name the account: careboard user set-role <email> --customer <id> --role <role>.');
  const customerId = required(options, 'customer');
  const role = required(options, 'role');
  if (!isRole(role)) throw new UsageError(`--role must be one of ${roles.join(', ')}.`);
  const before = await findAccountByEmail(db, email);
  const accountId =
    before?.customer_id === customerId ? await updateAccountRole(db, customerId, email, role) : undefined;
  if (!before || !accountId) throw new UsageError(`There is no account ${email} of ${customerId}.`);
  const lowered = roleLevel(role) < roleLevel(before.role);
  if (lowered) await endSessionsOfAccount(db, accountId);
  print(
    lowered
      ? `${email} of ${customerId} is now ${role}. Its sign-ins have ended; the next one has the new role.`
      : `${email} of ${customerId} is now ${role}. Signing in again gives the new role's scopes.`,
  );
  return [{ customer_id: customerId, action: 'update', entity: 'users', entity_id: accountId }];
}

/**
 * Disables an account (or enables it again): no sign-in, its sign-ins end at once (BOF-30),
 * and the displays it activated at their next refresh (IDN-13).
 */
export async function userDisable(
  db: Db,
  email: string | undefined,
  disabled: boolean,
  print: Print,
): Promise<readonly CliWrite[]> {
  const verb = disabled ? 'disable' : 'enable';
  if (!email) throw new UsageError(`Name the account: careboard user ${verb} <email>.`);
  const accountId = await setAccountDisabled(db, email, disabled);
  if (!accountId) throw new UsageError(`There is no account ${email}.`);
  if (disabled) await endSessionsOfAccount(db, accountId);
  const account = await findAccountByEmail(db, email);
  print(
    disabled
      ? `Disabled ${email}: it cannot sign in, its sign-ins have ended, and the displays it activated end at their next token refresh.`
      : `Enabled ${email}.`,
  );
  return [
    { customer_id: account?.customer_id ?? null, action: 'update', entity: 'users', entity_id: accountId },
  ];
}

/** Every device record (BOF-42): its id, customer, state, activation, last sight, name, address, board. */
export async function deviceList(db: Db, options: Options, print: Print): Promise<void> {
  for (const device of await listDeviceListings(db, text(options, 'customer'))) {
    const state = device.revoked_at ? `revoked ${device.revoked_at.toISOString()}` : 'active';
    const seen = device.last_seen_at?.toISOString() ?? 'never';
    print(
      [
        device.id,
        device.customer_id,
        state,
        `activated ${device.activated_at?.toISOString() ?? 'never'} by ${device.activated_by ?? 'unknown'}`,
        `seen ${seen}`,
        device.name,
        device.ip ?? '',
        device.user_agent ?? '',
        device.display_board_id === null ? 'no board' : `board ${device.display_board_id}`,
      ].join('\t'),
    );
  }
}

/**
 * Revokes a device, as `POST /api/devices/:id/revoke` does: its grant and refresh token end at
 * once, its screen's live connections close and it shows a new activation code (BOF-46). The
 * device is named by its id, or by its grant id as older lists showed it.
 */
export async function deviceRevoke(
  db: Db,
  reference: string | undefined,
  print: Print,
): Promise<readonly CliWrite[]> {
  if (!reference) throw new UsageError('Name the device: careboard device revoke <id from device list>.');
  const device = await findDeviceByReference(db, reference);
  if (device) await revokeDevice(db, device.customer_id, device.id);
  // A grant with no device record (an activation still under way) ends all the same.
  const removed = device ? 1 : await revokeGrant(db, reference);
  if (removed === 0) throw new UsageError(`There is no device ${reference}.`);
  print(`Revoked ${reference}.`);
  // A bare grant names no customer we can tell: the platform's log has it.
  return [
    device
      ? { customer_id: device.customer_id, action: 'update', entity: 'devices', entity_id: String(device.id) }
      : { customer_id: null, action: 'update', entity: 'devices', entity_id: reference },
  ];
}

/** Shows another board on a screen (or none): it switches live, with no re-activation (IDN-16, BOF-44). */
export async function deviceAssign(
  db: Db,
  reference: string | undefined,
  options: Options,
  print: Print,
): Promise<readonly CliWrite[]> {
  if (!reference)
    throw new UsageError('Name the device: careboard device assign <id from device list> --board <id>|none.');
  const board = required(options, 'board');
  if (board !== 'none' && !/^\d{1,9}$/.test(board))
    throw new UsageError('--board must be a board id or none.');
  const boardId = board === 'none' ? null : Number(board);
  const device = await findDeviceByReference(db, reference);
  if (!device) throw new UsageError(`There is no device ${reference}.`);
  try {
    await updateDevice(db, device.customer_id, device.id, { display_board_id: boardId });
  } catch (error) {
    if (isAppError(error, 'NO_MASTER_ENTITY_FOUND'))
      throw new UsageError(`The device's customer has no board ${board}.`);
    throw error;
  }
  print(
    boardId === null ? `Device ${reference} shows no board.` : `Device ${reference} shows board ${boardId}.`,
  );
  return [
    { customer_id: device.customer_id, action: 'update', entity: 'devices', entity_id: String(device.id) },
  ];
}

export async function keysRotate(db: Db, print: Print): Promise<readonly CliWrite[]> {
  const kid = await addSigningKey(db);
  print(
    `Added signing key ${kid}. Restart every server to sign with it; retire the old key once its tokens have expired.`,
  );
  // Every customer's tokens: the platform's log (a null customer).
  return [{ customer_id: null, action: 'create', entity: 'identity_keys', entity_id: kid }];
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

export async function keysRetire(
  db: Db,
  kid: string | undefined,
  print: Print,
): Promise<readonly CliWrite[]> {
  if (!kid) throw new UsageError('Name the key: careboard keys retire <kid from keys list>.');
  if (!(await retireIdentityKey(db, kid))) throw new UsageError(`There is no active key ${kid}.`);
  print(`Retired ${kid}. Restart every server.`);
  return [{ customer_id: null, action: 'update', entity: 'identity_keys', entity_id: kid }];
}
