import { isStorableText } from '@careboard/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/** Where a value sits: its key, under its parent's place (the root has none). */
interface Place {
  readonly key: string;
  readonly parent: Place | undefined;
}

function pathOf(place: Place | undefined): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** The path of the first string (a value or a key) PostgreSQL could not store, or undefined. */
export function firstUnstorableText(value: unknown): string | undefined {
  // Iterative, each place linked to its parent: a 64 KB body can nest thousands of levels deep.
  const pending: [unknown, Place | undefined][] = [[value, undefined]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, place] = next;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return pathOf(place);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        pending.push([current[i], { key: String(i), parent: place }]);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current).reverse()) {
        // The key is not echoed as it is: it cannot be stored, nor shown.
        if (!isStorableText(key)) return pathOf({ key: key.replace(/[^\x20-\x7e]/g, '?'), parent: place });
        pending.push([item, { key, parent: place }]);
      }
    }
  }
  return undefined;
}

/**
 * A second net under the services' text schema (decision FND-26): any string in an API request's
 * body or query that PostgreSQL cannot store (a NUL, an unpaired surrogate) is 400 IS_NOT_VALID
 * naming its field, before a route's own schema runs, so a route added without the text schema
 * still never reaches the database with it.
 */
export function installStorableTextCheck(app: FastifyInstance, isApiPath: (path: string) => boolean): void {
  app.addHook('preValidation', async (request) => {
    if (!isApiPath(request.url.split('?')[0] ?? '')) return;
    const inBody = firstUnstorableText(request.body);
    if (inBody !== undefined) throw new AppError('IS_NOT_VALID', { field: inBody || 'body' });
    const inQuery = firstUnstorableText(request.query);
    if (inQuery !== undefined) throw new AppError('IS_NOT_VALID', { field: inQuery || 'query' });
  });
}
