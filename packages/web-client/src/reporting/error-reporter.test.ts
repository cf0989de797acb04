import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter } from './error-reporter.ts';
import { sentryStoreUrl } from './parse-sentry-dsn.ts';

const dsn = 'https://abc123@o1.ingest.sentry.example/42';

function reporterWith(key: string | null) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 200 }));
  const postToApi = vi.fn(async () => null);
  let now = 0;
  const reporter = createErrorReporter({
    key,
    release: '0.1.0',
    logger: 'careboard-board',
    fetch,
    postToApi,
    pageUrl: () => 'https://board.example/auth/callback?code=secret&state=s',
    now: () => now,
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return { reporter, fetch, postToApi, advance: (ms: number) => (now += ms) };
}

describe('error reporting', () => {
  it('turns a DSN into its Sentry store URL', () => {
    expect(sentryStoreUrl(dsn)).toBe(
      'https://o1.ingest.sentry.example/api/42/store/?sentry_version=7&sentry_key=abc123&sentry_client=careboard%2F1',
    );
    expect(sentryStoreUrl('https://key@host.example/sub/path/7')).toMatch(
      /^https:\/\/host\.example\/sub\/path\/api\/7\/store\//,
    );
    expect(sentryStoreUrl('not-a-dsn')).toBeNull();
    expect(sentryStoreUrl('https://host.example/42')).toBeNull();
  });

  it('sends nothing when no key is configured', () => {
    const { reporter, fetch, postToApi } = reporterWith(null);
    reporter.report(new Error('boom'));
    expect(fetch).not.toHaveBeenCalled();
    expect(postToApi).not.toHaveBeenCalled();
  });

  it('posts a Sentry event for a DSN key, without the page’s query string', async () => {
    const { reporter, fetch } = reporterWith(dsn);
    reporter.report(new TypeError('boom'));
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toContain('/api/42/store/');
    const event = JSON.parse(String(init?.body));
    expect(event.exception.values[0].value).toBe('TypeError: boom');
    expect(event.release).toBe('0.1.0');
    expect(event.logger).toBe('careboard-board');
    expect(event.request.url).toBe('https://board.example/auth/callback');
    expect(JSON.stringify(event)).not.toContain('secret');
  });

  it('posts { message, stack, url, release } to the API for a key that is not a DSN', () => {
    const { reporter, postToApi } = reporterWith('plain-key');
    const error = new Error('boom');
    reporter.report(error);
    expect(postToApi).toHaveBeenCalledExactlyOnceWith({
      message: 'Error: boom',
      stack: error.stack,
      url: 'https://board.example/auth/callback',
      release: '0.1.0',
    });
  });

  it('sends at most 10 reports a minute', () => {
    const { reporter, postToApi, advance } = reporterWith('plain-key');
    for (let i = 0; i < 25; i += 1) reporter.report(new Error(`e${i}`));
    expect(postToApi).toHaveBeenCalledTimes(10);
    advance(60_000);
    reporter.report(new Error('later'));
    expect(postToApi).toHaveBeenCalledTimes(11);
  });
});
