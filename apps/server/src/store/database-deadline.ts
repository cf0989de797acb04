import { AsyncLocalStorage } from 'node:async_hooks';

interface Scope {
  /** When the request's time on the database runs out; set by its first wait. */
  deadline: number | undefined;
  /** Work a request started and that outlives it gets budgets of its own again. */
  open: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

export interface DeadlineScope {
  /** The request is answered: what it left running waits as work outside a request does. */
  end(): void;
}

/**
 * Runs `work` as one request whose waits on the database share one deadline (decision FND-35):
 * the first wait (for a connection) starts the clock, and every connection wait and statement
 * after it, in whatever order, must end by then.
 */
export function runInDeadlineScope(work: (scope: DeadlineScope) => void): void {
  const scope: Scope = { deadline: undefined, open: true };
  scopes.run(scope, () =>
    work({
      end: () => {
        scope.open = false;
      },
    }),
  );
}

/**
 * The deadline of the request in hand, `timeoutMs` after its first wait on the database (this
 * call, when it is the first); undefined outside a request (start-up, the change feed, the feeds'
 * listeners), where each wait has its own limit as before.
 */
export function requestDeadline(timeoutMs: number): number | undefined {
  const scope = scopes.getStore();
  if (!scope?.open) return undefined;
  scope.deadline ??= Date.now() + timeoutMs;
  return scope.deadline;
}

/**
 * Runs `work` as work outside a request: each of its waits has its own limit. For what a request
 * streams for longer than one deadline could cover, such as an audit export of years (BOF-57).
 */
export function outsideRequestDeadline<T>(work: () => Promise<T>): Promise<T> {
  return scopes.exit(work);
}
