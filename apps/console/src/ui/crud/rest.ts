import { useMemo } from 'react';
import { useConsoleRuntime } from '../../runtime-config/console-runtime.ts';

/**
 * Paths are relative to the API (`sites`, never `/sites`: a leading slash is the app host's own
 * file, BRD-05).
 *
 * A list read with the largest page the API allows: the editors show a customer's whole care
 * setting, which is far below 200 of a kind (decision CON-62).
 */
export function listPath(
  path: string,
  filters: Readonly<Record<string, string | number | undefined>> = {},
): string {
  const query = new URLSearchParams({ limit: '200' });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query.set(key, String(value));
  return `${path}?${query}`;
}

export interface Rest {
  readonly post: (path: string, body: unknown) => Promise<unknown>;
  readonly patch: (path: string, body: unknown) => Promise<unknown>;
  readonly put: (path: string, body: unknown) => Promise<unknown>;
  /** DELETE carries an empty JSON object: a JSON content type with no body is refused. */
  readonly remove: (path: string) => Promise<unknown>;
}

/** The back office's writes through the console's one HTTP client (catalogue errors as HttpError). */
export function useRest(): Rest {
  const { http } = useConsoleRuntime();
  return useMemo(
    () => ({
      post: (path, body) => http.sendJson('POST', path, body),
      patch: (path, body) => http.sendJson('PATCH', path, body),
      put: (path, body) => http.sendJson('PUT', path, body),
      remove: (path) => http.sendJson('DELETE', path, {}),
    }),
    [http],
  );
}

/** Select choices from a list: each row's id as text and its name. */
export function optionsOf<T extends { readonly id: number | string }>(
  rows: readonly T[] | undefined,
  label: (row: T) => string,
): { value: string; label: string }[] {
  return (rows ?? []).map((row) => ({ value: String(row.id), label: label(row) }));
}

/** A lookup by id, for a grid column that shows a name instead of an id. */
export function nameById<T extends { readonly id: number | string }>(
  rows: readonly T[] | undefined,
  label: (row: T) => string,
): (id: number | string | null | undefined) => string | undefined {
  const names = new Map((rows ?? []).map((row) => [row.id, label(row)]));
  return (id) => (id === null || id === undefined ? undefined : names.get(id));
}
