import { setTimeout as sleep } from 'node:timers/promises';
import type { BoardWatch } from './board-watch.ts';
import type { Options } from './options.ts';
import type { BenchSetup } from './setup.ts';
import { type Sighting, SightingSource } from './sightings.ts';
import { signature } from './sign.ts';

const TICK_MS = 20;
const PROBE_EVERY_MS = 250;
const PROBE_TIMEOUT_MS = 5_000;

export interface LoadResult {
  readonly offered: number;
  readonly acknowledged: number;
  readonly failedBatches: number;
  readonly failures: readonly string[];
  readonly elapsedMs: number;
  /** Webhook answer times, one per batch. */
  readonly batchMs: readonly number[];
  /** Sighting sent → the board's frame showing it, one per probe. */
  readonly probeMs: readonly number[];
  readonly probesLost: number;
}

/**
 * Offers `rate` sightings per second for `seconds`, in signed batches, at most `concurrency`
 * in flight (when the server falls behind, the offered load waits: what is acknowledged
 * per second is the throughput). Every PROBE_EVERY_MS one batch carries the probe visit's
 * badge to the other place, timed until the workflow board shows it there.
 */
export async function runLoad(
  options: Options,
  setup: BenchSetup,
  webhookUrl: string,
  board: BoardWatch,
): Promise<LoadResult> {
  const source = new SightingSource(setup.tags, setup.sensors, options.movePercent);
  const batchMs: number[] = [];
  const probeMs: number[] = [];
  const failures: string[] = [];
  let offered = 0;
  let acknowledged = 0;
  let failedBatches = 0;
  let probesLost = 0;
  let inFlight = 0;
  let probePlace = 0;
  let probePending = false;
  let lastProbe = 0;
  let lastAnswered = 0;
  const pending = new Set<Promise<void>>();

  const timeProbe = async (arrived: Promise<number>, cancel: () => void, started: number) => {
    const at = await Promise.race([arrived, sleep(PROBE_TIMEOUT_MS).then(() => -1)]);
    if (at < 0) {
      probesLost += 1;
      cancel();
    } else probeMs.push(at - started);
    probePending = false;
  };

  /** Posts a batch; the probe's wait for the board goes on apart, not holding a slot. */
  const post = async (sightings: Sighting[], probe?: { locationName: string }) => {
    const body = JSON.stringify({ sightings });
    const started = performance.now();
    const waiting = probe ? board.until(setup.probe.visitId, probe.locationName) : undefined;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-careboard-signature': signature(setup.secret, body),
        },
        body,
      });
      await response.arrayBuffer();
      lastAnswered = performance.now();
      batchMs.push(lastAnswered - started);
      if (response.ok) acknowledged += sightings.length;
      else {
        failedBatches += 1;
        if (failures.length < 5) failures.push(`HTTP ${response.status}`);
      }
      if (waiting) track(timeProbe(waiting.arrived, waiting.cancel, started));
    } catch (error) {
      failedBatches += 1;
      waiting?.cancel();
      if (probe) probePending = false;
      if (failures.length < 5) failures.push(String(error));
    }
  };
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  const start = performance.now();
  const end = start + options.seconds * 1000;
  while (performance.now() < end) {
    while (inFlight < options.concurrency && dueNow() - offered >= 1) {
      const count = Math.min(options.batch, dueNow() - offered);
      const sightings = source.take(count, new Date());
      let probe: { locationName: string } | undefined;
      const now = performance.now();
      if (!probePending && now - lastProbe >= PROBE_EVERY_MS) {
        const place = setup.probe.places[probePlace % setup.probe.places.length];
        probePlace += 1;
        if (place) {
          probe = { locationName: place.locationName };
          probePending = true;
          lastProbe = now;
          sightings.push({
            event_id: `probe-${probePlace}`,
            tag: setup.probe.tag,
            sensor: place.sensor,
            seen_at: new Date().toISOString(),
            battery_percent: 80,
          });
        }
      }
      offered += sightings.length;
      inFlight += 1;
      track(post(sightings, probe).finally(() => (inFlight -= 1)));
    }
    await sleep(TICK_MS);
  }
  while (pending.size > 0) await Promise.all([...pending]);
  // Until the last batch was answered: what was acknowledged in that time is the throughput.
  const elapsedMs = Math.max(lastAnswered, start + 1) - start;
  return {
    offered,
    acknowledged,
    failedBatches,
    failures,
    elapsedMs,
    batchMs,
    probeMs,
    probesLost,
  };

  function dueNow(): number {
    return Math.floor(((performance.now() - start) / 1000) * options.rate);
  }
}
