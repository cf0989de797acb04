import { sentryStoreUrl } from './parse-sentry-dsn.ts';

export interface ErrorReporter {
  report(error: unknown): void;
}

export interface ErrorReporterOptions {
  /** ERROR_REPORTING_KEY: a Sentry DSN, any other key, or null for no reporting. */
  readonly key: string | null;
  readonly release: string;
  /** Which app reports (Sentry's `logger`): `careboard-board`, the console its own. */
  readonly logger: string;
  /** A plain fetch for Sentry (another origin: no token, no XSRF). */
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** POST {API_URL}/client-errors through the HTTP client, for a key that is not a DSN. */
  readonly postToApi: (body: ClientErrorReport) => Promise<unknown>;
  /** The page address; only its origin and path are sent (the query may hold a sign-in code). */
  readonly pageUrl: () => string;
  readonly now?: () => number;
}

/** What the API fallback receives. */
export interface ClientErrorReport {
  readonly message: string;
  readonly stack: string | null;
  readonly url: string;
  readonly release: string;
}

/** A board (and a console left open at a desk) runs for months: an error in a loop must not flood the service. */
const MAX_REPORTS_PER_MINUTE = 10;

/**
 * Sends unexpected errors to the error-reporting service: a Sentry store
 * endpoint when the key is a DSN (no SDK, one small request), else our API.
 * Never throws; a failed report is dropped.
 */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const now = options.now ?? Date.now;
  const storeUrl = options.key ? sentryStoreUrl(options.key) : null;
  let windowStart = 0;
  let sentInWindow = 0;

  function allowed(): boolean {
    if (now() - windowStart >= 60_000) {
      windowStart = now();
      sentInWindow = 0;
    }
    sentInWindow += 1;
    return sentInWindow <= MAX_REPORTS_PER_MINUTE;
  }

  function send(report: ClientErrorReport): Promise<unknown> {
    if (!storeUrl) return options.postToApi(report);
    return options.fetch(storeUrl, {
      method: 'POST',
      // text/plain keeps the request simple (no CORS preflight), as Sentry's own SDK does.
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(sentryEvent(report, options.logger, now())),
      keepalive: true,
    });
  }

  return {
    report(error) {
      console.error(error);
      if (!options.key || !allowed()) return;
      const { message, stack } = describe(error);
      send({ message, stack, url: withoutQuery(options.pageUrl()), release: options.release }).catch(() => {
        // Reporting must never raise an error of its own.
      });
    },
  };
}

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error)
    return { message: `${error.name}: ${error.message}`, stack: error.stack ?? null };
  return { message: String(error), stack: null };
}

function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}

function sentryEvent(report: ClientErrorReport, logger: string, nowMs: number): Record<string, unknown> {
  return {
    event_id: crypto.randomUUID().replaceAll('-', ''),
    timestamp: nowMs / 1000,
    platform: 'javascript',
    level: 'error',
    logger,
    release: report.release,
    request: { url: report.url },
    exception: { values: [{ type: 'Error', value: report.message }] },
    extra: { stack: report.stack },
  };
}
