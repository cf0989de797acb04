/** One sighting as the webhook takes it. */
export interface Sighting {
  readonly event_id: string;
  readonly tag: string;
  readonly sensor: string;
  readonly seen_at: string;
  readonly battery_percent: number;
}

/**
 * The load's sightings: tags in turn, each seen at its current sensor, and now and then
 * (move percent) at the next one, as badges and tags walk about a hospital.
 */
export class SightingSource {
  private next = 0;
  private events = 0;
  private readonly sensorOf: Int32Array;

  private readonly tags: readonly string[];
  private readonly sensors: readonly string[];
  private readonly movePercent: number;

  constructor(tags: readonly string[], sensors: readonly string[], movePercent: number) {
    this.tags = tags;
    this.sensors = sensors;
    this.movePercent = movePercent;
    this.sensorOf = Int32Array.from(tags, (_, i) => i % sensors.length);
  }

  take(count: number, now: Date): Sighting[] {
    const seenAt = now.toISOString();
    const batch: Sighting[] = [];
    for (let i = 0; i < count; i++) {
      const index = this.next;
      this.next = (this.next + 1) % this.tags.length;
      this.events += 1;
      // Deterministic: every (100 / movePercent)-th sighting of the cycle moves its tag.
      if (this.movePercent > 0 && this.events % Math.round(100 / this.movePercent) === 0) {
        this.sensorOf[index] = ((this.sensorOf[index] ?? 0) + 1) % this.sensors.length;
      }
      batch.push({
        event_id: `bench-${this.events}`,
        tag: this.tags[index] ?? '',
        sensor: this.sensors[this.sensorOf[index] ?? 0] ?? '',
        seen_at: seenAt,
        battery_percent: 80,
      });
    }
    return batch;
  }
}
