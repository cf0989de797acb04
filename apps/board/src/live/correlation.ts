/** A local action's correlation record is kept this long after its success (specification section 9). */
export const CORRELATION_CLEAR_AFTER_MS = 5_000;

export interface CorrelationRegistry {
  /** Registers an action this board starts; answers its correlation_id. */
  begin(action: string): string;
  /** Whether an event with this correlation_id answers an action of this board. */
  isLocal(correlationId: string): boolean;
  /** `<action>.success` arrived: the record stays 5 s, so late echoes of the change still count as ours. */
  succeeded(correlationId: string): void;
  /** `<action>.error` arrived: nothing more will come for it. */
  failed(correlationId: string): void;
  dispose(): void;
}

export function createCorrelationRegistry(
  newId: () => string = () => crypto.randomUUID(),
): CorrelationRegistry {
  const records = new Map<string, { action: string; timer?: ReturnType<typeof setTimeout> }>();

  function forget(correlationId: string): void {
    const record = records.get(correlationId);
    if (record?.timer !== undefined) clearTimeout(record.timer);
    records.delete(correlationId);
  }

  return {
    begin(action) {
      const correlationId = newId();
      records.set(correlationId, { action });
      return correlationId;
    },
    isLocal: (correlationId) => records.has(correlationId),
    succeeded(correlationId) {
      const record = records.get(correlationId);
      if (!record || record.timer !== undefined) return;
      record.timer = setTimeout(() => records.delete(correlationId), CORRELATION_CLEAR_AFTER_MS);
    },
    failed: forget,
    dispose() {
      for (const correlationId of [...records.keys()]) forget(correlationId);
    },
  };
}
