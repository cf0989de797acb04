import { AppError } from '../errors/app-error.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../identity/accounts.ts';
import { createCustomer } from '../services/tenants/create-customer.ts';
import { type CreateCustomerInput, customerLocales } from '../services/tenants/customer-input.ts';
import { listCustomerSummaries } from '../store/customers.ts';
import type { Db } from '../store/database.ts';
import type { CliWrite } from './audit.ts';
import { type Options, UsageError } from './commands.ts';

type Print = (line: string) => void;

const FLAG_OF_FIELD: Readonly<Record<string, string>> = Object.freeze({
  id: '--id',
  name: '--name',
  locale: '--locale',
  admin_email: '--admin-email',
  admin_name: '--admin-name',
  admin_password: 'The password (stdin)',
});

function given(options: Options, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

/** A catalogue error of the service, said in the command's terms: the flag, never a stack. */
function usageOf(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'DUPLICATE_KEY') {
    const { field, value } = error.params as { field: string; value: string };
    return new UsageError(`A customer with ${field === 'id' ? 'the id' : field} ${value} exists already.`);
  }
  if (error.code === 'AUTH0_API_USER_CREATE_CONFLICT') {
    return new UsageError('Email is already in use: an email signs in to one account of one customer.');
  }
  const field = (error.params as { field?: string }).field ?? '';
  const flag = FLAG_OF_FIELD[field] ?? field;
  if (field === 'id')
    return new UsageError('--id must be a slug: lower-case letters, digits and inner hyphens, at most 63.');
  if (field === 'locale') return new UsageError(`--locale must be one of ${customerLocales.join(', ')}.`);
  if (field === 'admin_password')
    return new UsageError(
      `The password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
    );
  if (error.code === 'IS_REQUIRED') return new UsageError(`${flag} is required.`);
  if (error.code === 'MAX_LENGTH') {
    return new UsageError(`${flag} exceeds ${(error.params as { limit: number }).limit} characters.`);
  }
  return new UsageError(`${flag} is not valid.`);
}

/**
 * `customer add`: the customer, its organization id, device client and first admin in one
 * transaction (decision BOF-26). The admin's password is read from stdin or generated and
 * shown once.
 */
export async function customerAdd(
  db: Db,
  options: Options,
  print: Print,
  readPassword: () => Promise<string>,
): Promise<readonly CliWrite[]> {
  for (const flag of ['id', 'name', 'admin-email']) {
    if (!given(options, flag)?.trim()) throw new UsageError(`--${flag} is required.`);
  }
  const password = options['password-stdin'] === true ? await readPassword() : undefined;
  const created = await createCustomer(db, {
    id: given(options, 'id') ?? '',
    name: given(options, 'name') ?? '',
    admin_email: given(options, 'admin-email') ?? '',
    // The service checks the locale; the cast only names the type it checks against.
    ...(given(options, 'locale') !== undefined
      ? { locale: given(options, 'locale') as CreateCustomerInput['locale'] }
      : {}),
    ...(given(options, 'admin-name') !== undefined ? { admin_name: given(options, 'admin-name') } : {}),
    ...(password !== undefined ? { admin_password: password } : {}),
  }).catch((error: unknown) => {
    throw usageOf(error);
  });
  const { customer, admin } = created;
  print(`Added customer ${customer.id} (${customer.name}, ${customer.locale}).`);
  print(`Organization id: ${customer.auth_org_id} (the board's sign-in names it).`);
  print(`Device client: ${customer.auth_device_client_id} (its screens activate with it).`);
  print(`Admin: ${admin.email}.`);
  if (created.password !== undefined) print(`Password, shown once: ${created.password}`);
  return [
    { customer_id: customer.id, action: 'create', entity: 'customers', entity_id: customer.id },
    { customer_id: customer.id, action: 'create', entity: 'users', entity_id: admin.id },
  ];
}

/** `customer list`: one line per customer, tab-separated, by id. */
export async function customerList(db: Db, print: Print): Promise<void> {
  for (const customer of await listCustomerSummaries(db)) {
    print(
      [
        customer.id,
        customer.name ?? '',
        customer.locale,
        customer.auth_org_id ?? '',
        customer.auth_device_client_id ?? '',
        `${customer.users} users`,
        `${customer.boards} boards`,
      ].join('\t'),
    );
  }
}
