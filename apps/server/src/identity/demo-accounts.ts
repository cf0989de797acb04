import type { Logger } from 'pino';
import type { Db } from '../store/database.ts';
import { createAccountIfMissing } from './accounts.ts';

/** The demo accounts the README lists; they exist only with demo data. */
export const DEMO_PASSWORD = 'careboard-demo';
export const demoAccounts = Object.freeze([
  { email: 'admin@demo.test', name: 'Demo Admin', role: 'admin' },
  { email: 'staff@demo.test', name: 'Demo Nurse', role: 'staff' },
  { email: 'visitor@demo.test', name: 'Demo Visitor', role: 'visitor' },
] as const);

/** The demo customer's first admin, made with the customer as `customer add` makes one (BOF-26). */
export const demoAdmin = demoAccounts[0];

/** The demo accounts the customer lacks (the admin exists once the customer does). */
export async function seedDemoAccounts(db: Db, customerId: string, log: Logger): Promise<void> {
  for (const account of demoAccounts) {
    if (await createAccountIfMissing(db, { ...account, customerId, password: DEMO_PASSWORD })) {
      log.info({ email: account.email, role: account.role }, 'seeded a demo account');
    }
  }
}
