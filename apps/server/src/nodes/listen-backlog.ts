/**
 * Connections the kernel may hold for the server before it accepts them (Node's default: 511; Linux
 * caps it at net.core.somaxconn, 4096 by default). Ten thousand screens reconnecting after a restart
 * overflowed 511: a connection dropped from a full queue is retried by TCP itself, backing off for
 * seconds, and its screen stayed away long after the server was ready (LIVE-26). The benches' bare
 * baseline listens with it too.
 */
export const LISTEN_BACKLOG = 4096;
