import type { SoakPage } from './boards.ts';

export interface MemorySample {
  /** Seconds since the soak's first sample. */
  readonly atSec: number;
  /** V8's used heap of the page's main thread, after a full GC. */
  readonly heapBytes: number;
  /** Live DOM nodes in the page's renderer, in the document or not (detached nodes still held count). */
  readonly nodes: number;
  /** Nodes in the document now: what the board shows. `nodes` growing past it means nodes held after removal. */
  readonly inDocument: number;
  readonly listeners: number;
}

/** Every node under the document, text nodes included (what the Nodes counter counts of it). */
function countDocumentNodes(): number {
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  let count = 1;
  while (walker.nextNode()) count++;
  return count;
}

/**
 * Forces a full GC in the page, then reads Chromium's performance counters. The
 * in-document count is read after them, so the walker's own garbage is not in the heap figure.
 */
export async function sampleMemory(page: SoakPage, atSec: number): Promise<MemorySample> {
  // Twice: the first pass runs finalizers and weak callbacks that free more for the second.
  await page.cdp.send('HeapProfiler.collectGarbage');
  await page.cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await page.cdp.send('Performance.getMetrics');
  const metric = (name: string) => {
    const found = metrics.find((m) => m.name === name);
    if (!found) throw new Error(`Chromium reported no ${name} metric.`);
    return found.value;
  };
  const inDocument = await page.page.evaluate(countDocumentNodes);
  return {
    atSec,
    heapBytes: metric('JSHeapUsedSize'),
    nodes: metric('Nodes'),
    inDocument,
    listeners: metric('JSEventListeners'),
  };
}
