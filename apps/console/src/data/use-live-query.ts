import { useCallback, useEffect, useRef, useState } from 'react';
import { useConsoleRuntime } from '../runtime-config/console-runtime.ts';
import { liveChangesFor } from './live-changes.ts';

export interface LiveQuery<T> {
  readonly data: T | undefined;
  /** The last read's failure (the previous data stays shown). */
  readonly error: unknown;
  readonly loading: boolean;
  /** Reads again now (after a write of this page, say). */
  readonly reload: () => void;
}

/** Changes arriving together are read once. */
const SETTLE_MS = 150;

/**
 * A REST read (`path` relative to the API prefix, without a leading slash, e.g.
 * 'devices?limit=200': a leading slash means a file of the app's host; null: nothing to read yet) kept current: read again
 * whenever the customer changes one of `kinds` (change-log entities, e.g. 'visit', 'device') and
 * after a reconnect (decision CON-26). An empty `kinds` reads once.
 */
export function useLiveQuery<T>(path: string | null, kinds: readonly string[] = []): LiveQuery<T> {
  const runtime = useConsoleRuntime();
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: path !== null,
  });
  const generation = useRef(0);
  const kindsKey = kinds.join(',');

  const read = useCallback(() => {
    if (path === null) return;
    const mine = ++generation.current;
    setState((previous) => ({ ...previous, loading: true }));
    runtime.http.getJson(path).then(
      (data) => {
        if (mine === generation.current) setState({ data: data as T, error: undefined, loading: false });
      },
      (error: unknown) => {
        if (mine === generation.current) setState((previous) => ({ ...previous, error, loading: false }));
      },
    );
  }, [runtime, path]);

  useEffect(() => {
    read();
    if (kindsKey === '') return;
    const wanted = new Set(kindsKey.split(','));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unlisten = liveChangesFor(runtime).listen((changed) => {
      if (changed !== null && !changed.some((kind) => wanted.has(kind))) return;
      clearTimeout(timer);
      timer = setTimeout(read, SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      unlisten();
    };
  }, [runtime, read, kindsKey]);

  return { ...state, reload: read };
}
