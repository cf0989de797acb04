/**
 * The V8 flags a server process runs with (`npm start`; cluster processes inherit them; the benches
 * start the server with them): a young generation of 64 MiB semi-spaces instead of V8's 16 MiB.
 * At ten thousand screens the frames, rows and buffers of a change stream outlived a small young
 * generation and were promoted, so the old generation filled and its collections, on a heap holding
 * every screen's socket, paused the event loop for 100–300 ms at a time: the tail of
 * commit-to-visible (decision FND-31). And 64 MiB from the start, not grown to from 1 MiB again after
 * every collection that shrinks the heap: half as many scavenges, and less promoted (FND-32).
 * And an old generation allowed to double before it is collected (FND-34): with 64 MiB semi-spaces V8
 * starts marking when less than a young generation's room is left under its limit, which at ten
 * thousand screens meant a full collection every 20–30 s, each a 15–25 ms pause (after about 100 ms
 * of marking steps) that the commits beside it waited for.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=64',
  '--min-semi-space-size=64',
  '--heap-growing-percent=100',
];
