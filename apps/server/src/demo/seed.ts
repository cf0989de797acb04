import type { Logger } from 'pino';
import { insertCustomerIfMissing } from '../store/customers.ts';
import type { Db } from '../store/database.ts';

export const DEMO_CUSTOMER = Object.freeze({
  id: 'demo',
  auth_org_id: 'org_demo',
  auth_device_client_id: 'demo-device',
  locale: 'en-US',
});

/** Seeds the demo data on first start; later starts leave what is there. */
export async function seedDemo(db: Db, log: Logger): Promise<void> {
  if (await insertCustomerIfMissing(db, DEMO_CUSTOMER)) {
    log.info({ customer: DEMO_CUSTOMER.id }, 'seeded the demo customer');
  }
}
