import http from 'node:http';

export interface LoopbackAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
}

export interface LoopbackRequest {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** No answer within this is a failure, not a wait. */
const ANSWER_WITHIN_MS = 15_000;

/**
 * An HTTP client whose connections leave from one loopback address (127.0.0.2, 127.0.0.3, …), so
 * the server sees that address as the client's (`request.ip`): several clients from one machine,
 * without forged headers. At most `sockets` connections at once, kept alive.
 */
export function fromAddress(localAddress: string, sockets = 8) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, localAddress });
  return {
    request(url: string, init: LoopbackRequest = {}): Promise<LoopbackAnswer> {
      return new Promise((resolve, reject) => {
        const request = http.request(
          url,
          { method: init.method ?? 'GET', headers: init.headers, agent, timeout: ANSWER_WITHIN_MS },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
            });
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
            );
            response.on('error', reject);
          },
        );
        request.on('timeout', () =>
          request.destroy(new Error(`no answer from ${url} within ${ANSWER_WITHIN_MS} ms`)),
        );
        request.on('error', reject);
        request.end(init.body);
      });
    },
    close(): void {
      agent.destroy();
    },
  };
}

/** `count` calls, at most `concurrency` at once; their results in call order. */
export async function inParallel<T>(
  count: number,
  concurrency: number,
  call: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < count) {
      const index = next++;
      results[index] = await call(index);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** How many times each value occurs, e.g. `{ 200: 60, 429: 240 }` for statuses. */
export function tally(values: readonly (number | string)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
