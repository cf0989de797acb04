/**
 * What runs in the board's page: every workflow board frame the live socket
 * delivers is timed from the message event to the end of React's render and a
 * forced style and layout (the main-thread work the frame causes, less paint).
 * React renders store updates in a microtask after the event: the end mark waits
 * two microtask hops, then forces layout. The page's own code is unchanged; only
 * the socket's `onmessage` is wrapped, from an init script.
 */

export interface FrameSample {
  readonly ms: number;
  /** Of `ms`: the event handler (parse, store, listeners), React's microtasks, the forced style and layout. */
  readonly split: readonly [handler: number, react: number, layout: number];
  readonly kind: 'snapshot' | 'changes';
  readonly bytes: number;
  /** The bench's tag for the frame it waited for (the frame holds that visit), else null. */
  readonly tag: string | null;
  /** Whether the change was on screen by the end mark (null: nothing to check). */
  readonly rendered: boolean | null;
}

export interface Expectation {
  readonly tag: string;
  /** Text the frame holds: a row key, as it appears inside the frame's JSON text. */
  readonly holds: string;
  /** A selector whose text must include `text` by the end mark; with `text` null, that must be gone. */
  readonly check: { readonly selector: string; readonly text: string | null } | null;
}

export interface BenchProbe {
  readonly samples: FrameSample[];
  expect: Expectation | null;
  /** Delivers the first snapshot again through the same handler, timed like a real one. */
  replaySnapshot(): Promise<FrameSample>;
}

declare global {
  interface Window {
    __boardBench?: BenchProbe;
  }
}

/** Serialized into the page by `addInitScript`: keep it self-contained. */
export function installProbe(): void {
  let snapshot: {
    readonly data: string;
    readonly deliver: (event: MessageEvent) => Promise<FrameSample>;
  } | null = null;
  const probe: BenchProbe = {
    samples: [],
    expect: null,
    replaySnapshot() {
      if (!snapshot) return Promise.reject(new Error('No snapshot has arrived yet.'));
      return snapshot.deliver(new MessageEvent('message', { data: snapshot.data }));
    },
  };
  window.__boardBench = probe;
  const native = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  if (!native?.set || !native.get) return;
  const { get, set } = native;
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    configurable: true,
    get() {
      return get.call(this);
    },
    set(handler: unknown) {
      if (typeof handler !== 'function') return set.call(this, handler);
      const socket = this as WebSocket;
      const deliver = (event: MessageEvent): Promise<FrameSample> => {
        const data: unknown = event.data;
        const start = performance.now();
        handler.call(socket, event);
        const handled = performance.now();
        const bytes = typeof data === 'string' ? data.length : 0;
        const kind =
          typeof data === 'string' && data.includes('\\"kind\\":\\"snapshot\\"') ? 'snapshot' : 'changes';
        const expected = probe.expect;
        const tag =
          expected && typeof data === 'string' && data.includes(expected.holds) ? expected.tag : null;
        return Promise.resolve()
          .then(() => undefined)
          .then(() => {
            const rendered = performance.now();
            document.body.getBoundingClientRect();
            const end = performance.now();
            const ms = end - start;
            const split = [handled - start, rendered - handled, end - rendered] as const;
            const check = tag ? expected?.check : null;
            const found = check ? document.querySelector(check.selector) : null;
            const onScreen = check
              ? check.text === null
                ? found === null
                : (found?.textContent ?? '').includes(check.text)
              : null;
            const sample: FrameSample = { ms, split, kind, bytes, tag, rendered: onScreen };
            probe.samples.push(sample);
            return sample;
          });
      };
      set.call(this, (event: MessageEvent) => {
        if (typeof event.data !== 'string' || !event.data.includes('"workflowBoard"')) {
          return handler.call(socket, event);
        }
        if (!snapshot && event.data.includes('\\"kind\\":\\"snapshot\\"'))
          snapshot = { data: event.data, deliver };
        void deliver(event);
      });
    },
  });
}
