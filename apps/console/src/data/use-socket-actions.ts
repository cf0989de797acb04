import type { SocketAction, SocketActionResults } from '@careboard/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useConsoleRuntime } from '../runtime-config/console-runtime.ts';
import { type ActionRequest, type ActionSocket, openActionSocket } from './action-socket.ts';
import { useServerErrorText } from './server-error-text.ts';

/** A write the page sent and what came of it: shown until cleared. */
export interface ActionRecord {
  readonly correlationId: string;
  readonly action: SocketAction;
  /** What the person did, in words (for the outcome line). */
  readonly label: string;
  readonly status: 'pending' | 'done' | 'failed';
  /** The catalogue's text when it failed. */
  readonly error?: string;
}

/** A successful write's record is cleared this long after its success (the specification). */
export const CLEAR_AFTER_SUCCESS_MS = 5_000;

/**
 * The page's socket writes (decisions CON-10, CON-27): one socket while the page is open, each write a
 * record (pending → done or failed with the catalogue's text), a done record cleared 5 s later.
 */
const updated = (correlationId: string, change: Partial<ActionRecord>) => (all: readonly ActionRecord[]) =>
  all.map((r) => (r.correlationId === correlationId ? { ...r, ...change } : r));

export function useSocketActions() {
  const runtime = useConsoleRuntime();
  const errorText = useServerErrorText();
  const socket = useRef<ActionSocket | null>(null);
  const [records, setRecords] = useState<readonly ActionRecord[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const opened = openActionSocket(runtime);
    socket.current = opened;
    const pending = timers.current;
    return () => {
      opened.close();
      socket.current = null;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, [runtime]);

  const send = useCallback(
    async <A extends SocketAction>(
      action: A,
      request: ActionRequest<A>,
      label: string,
    ): Promise<SocketActionResults[A] | undefined> => {
      const current = socket.current;
      if (!current) return undefined;
      const correlationId = crypto.randomUUID();
      setRecords((all) => [...all, { correlationId, action, label, status: 'pending' }]);
      try {
        const result = await current.send(action, request, correlationId);
        setRecords(updated(correlationId, { status: 'done' }));
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          setRecords((all) => all.filter((r) => r.correlationId !== correlationId));
        }, CLEAR_AFTER_SUCCESS_MS);
        timers.current.add(timer);
        return result;
      } catch (error) {
        setRecords(updated(correlationId, { status: 'failed', error: errorText(error) }));
        return undefined;
      }
    },
    [errorText],
  );

  /** Dismisses a failed record. */
  const dismiss = useCallback(
    (correlationId: string) => setRecords((all) => all.filter((r) => r.correlationId !== correlationId)),
    [],
  );

  return { send, records, dismiss };
}
