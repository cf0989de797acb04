import type { Db } from '../database.ts';
import type { FeedName, FeedTransport } from '../tables/feeds.ts';

/** The longest name kept of what a message called its customer. */
const NAME_KEPT = 100;

/**
 * Counts one message that named no customer we have (decision FEED-57): one row per feed and
 * transport holds how many, since when, and the last name given, so the count is the operator's
 * without any sender's body kept or any row per name.
 */
export async function countUnknownCustomerMessage(
  db: Db,
  feed: FeedName,
  transport: FeedTransport,
  named: string | undefined,
  now: Date = new Date(),
): Promise<void> {
  const lastCustomer = named === undefined ? null : named.slice(0, NAME_KEPT);
  await db
    .insertInto('feed_unknown_customers')
    .values({ feed, transport, messages: 1, first_at: now, last_at: now, last_customer: lastCustomer })
    .onConflict((oc) =>
      oc.columns(['feed', 'transport']).doUpdateSet((eb) => ({
        messages: eb('feed_unknown_customers.messages', '+', 1),
        last_at: now,
        last_customer: lastCustomer,
      })),
    )
    .execute();
}
