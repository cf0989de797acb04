import type { ChangeRow } from '../../store/change-log.ts';
import type { ChangeFeed } from '../bus/change-feed.ts';
import { eachOf, type OneOrMore, withOne, withoutOne } from '../one-or-more.ts';

type DeviceListener = () => void;

interface CustomerDevices {
  readonly listeners: Map<number, OneOrMore<DeviceListener>>;
  /** The customer's one feed subscription: resolves to its unsubscribe. */
  readonly subscribed: Promise<() => void>;
}

/**
 * The screens' own device records, watched through the change feed with one listener per customer,
 * not one per screen: a batch of a customer's changes wakes only the screens whose device it names
 * (decision LIVE-30). Coming online and going offline are 'device_presence' changes, which wake
 * none: after a restart ten thousand screens coming back changed no screen's record (LIVE-48).
 */
export class DeviceWatch {
  readonly #feed: Pick<ChangeFeed, 'subscribe'>;
  readonly #customers = new Map<string, CustomerDevices>();

  constructor(feed: Pick<ChangeFeed, 'subscribe'>) {
    this.#feed = feed;
  }

  /**
   * Calls `listener` after each committed change of the device, from now on. Resolves, once the
   * feed is listening, with the function that stops it.
   */
  async watch(customerId: string, deviceId: number, listener: DeviceListener): Promise<() => void> {
    const customer = this.#customers.get(customerId) ?? this.#open(customerId);
    customer.listeners.set(deviceId, withOne(customer.listeners.get(deviceId), listener));
    const stop = () => {
      const left = withoutOne(customer.listeners.get(deviceId), listener);
      if (left === undefined) customer.listeners.delete(deviceId);
      else customer.listeners.set(deviceId, left);
      if (customer.listeners.size > 0 || this.#customers.get(customerId) !== customer) return;
      this.#customers.delete(customerId);
      customer.subscribed.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    };
    try {
      await customer.subscribed;
    } catch (error) {
      stop();
      throw error;
    }
    return stop;
  }

  #open(customerId: string): CustomerDevices {
    const listeners = new Map<number, OneOrMore<DeviceListener>>();
    const subscribed = this.#feed.subscribe(customerId, (rows) => wake(listeners, rows));
    const customer: CustomerDevices = { listeners, subscribed };
    this.#customers.set(customerId, customer);
    // A subscription that failed (the database away) is not kept: the next watch tries again.
    subscribed.catch(() => {
      if (this.#customers.get(customerId) === customer) this.#customers.delete(customerId);
    });
    return customer;
  }
}

/** Each listener of a device the rows name, once per batch however many rows name it. */
function wake(listeners: ReadonlyMap<number, OneOrMore<DeviceListener>>, rows: readonly ChangeRow[]): void {
  const named = new Set<number>();
  for (const row of rows) if (row.entity === 'device') named.add(row.entity_id);
  for (const id of named) for (const listener of eachOf(listeners.get(id))) listener();
}
