import { Hl7Message } from '@medplum/core';
import { receiveAdt } from '../feeds/hl7/receive-adt.ts';
import { ingestSightings } from '../feeds/rtls/ingest-sightings.ts';
import type { RuleOutcome } from '../feeds/rtls/rules.ts';
import { type DemoAdt, demoAdtMessage } from './demo-adt.ts';
import { randomIndex } from './random.ts';
import type { StepContext } from './simulator-context.ts';

/**
 * The demo's feeds (decision FEED-06): its simulated EHR and RTLS system hand their messages to
 * the same entry points as MLLP and the webhook (stored, applied, audited as the feed, shown on
 * the console's Integrations page as `demo`), so the demo shows the real path.
 */

/** A control id or visit number from the step's random source: the same seed, the same ids. */
export function demoId(context: StepContext, prefix: string): string {
  const digits = Array.from({ length: 10 }, () => randomIndex(context.random, 36).toString(36)).join('');
  return `${prefix}-${digits.toUpperCase()}`;
}

/**
 * The simulated EHR runs inside this server, so it sends as a sender on this host: its facility
 * (the customer's id, mapped by the seed) takes any sender from loopback (decision FEED-53).
 */
const DEMO_EHR_PEER = Object.freeze({ address: '127.0.0.1' });

/** Sends an ADT message; throws when it was not accepted (AE or AR), with the reason. */
export async function sendDemoAdt(context: StepContext, adt: Omit<DemoAdt, 'controlId' | 'facility' | 'at'>) {
  const text = demoAdtMessage({
    ...adt,
    controlId: demoId(context, 'DEMO'),
    facility: context.customerId,
    at: context.now(),
  });
  const answer = await receiveAdt(context.db, Hl7Message.parse(text), DEMO_EHR_PEER, {
    transport: 'demo',
    routePrefix: 'DEMO',
    log: context.log,
    now: context.now(),
  });
  if (answer.code !== 'AA')
    throw new Error(`the demo's ADT ${adt.event} was answered ${answer.code}: ${answer.reason}`);
}

export interface DemoSighting {
  readonly tag: string;
  readonly sensor: string;
}

/** Sends one batch of sightings seen now; what the rules did, or throws with the reason. */
export async function sendDemoSightings(
  context: StepContext,
  sightings: readonly DemoSighting[],
): Promise<RuleOutcome> {
  const seenAt = context.now().toISOString();
  const body = JSON.stringify({
    sightings: sightings.map((sighting) => ({
      event_id: demoId(context, 'EV'),
      tag: sighting.tag,
      sensor: sighting.sensor,
      seen_at: seenAt,
    })),
  });
  const outcome = await ingestSightings(context.db, {
    customerId: context.customerId,
    body,
    transport: 'demo',
    route: 'DEMO sightings',
    log: context.log,
    now: context.now(),
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.rules;
}
