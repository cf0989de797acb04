/**
 * Why the server closed a live connection (GraphQL over graphql-ws, or the
 * socket gateway). The 44xx codes follow graphql-ws's own where they overlap.
 * Decisions LIVE-01 to LIVE-03; the table: docs/live-protocol.md.
 */
export const LiveCloseCode = Object.freeze({
  /** The connection sent something that is not the protocol. */
  BadRequest: 4400,
  /**
   * No token, an invalid one, one that expired without being renewed in-band, or a revoked
   * screen's (decision BOF-46): renew the token first; a refused renewal means sign in again.
   */
  Unauthorized: 4401,
  /** A renewed token of another customer, or lacking access:display-board. */
  Forbidden: 4403,
  /** connection_init did not arrive in time. */
  InitTimeout: 4408,
  /** A subscription id already in use. */
  SubscriberAlreadyExists: 4409,
  /** More subscriptions than one connection may hold. */
  TooManySubscriptions: 4410,
  /** A text message that is not UTF-8 (WebSocket's own code). */
  InvalidPayload: 1007,
  /** A message larger than the server accepts (WebSocket's own code). */
  MessageTooLarge: 1009,
  /** Too many connections from one address, or too many init messages. */
  TooManyRequests: 4429,
  InternalError: 4500,
  /** More unsent data queued for the connection than the server keeps: it is not reading (decision LIVE-15). */
  SlowConsumer: 1008,
  /** The server is shutting down or restarting: reconnect (with your last version). */
  ServiceRestart: 1012,
  /** The server cannot reach its database just now: reconnect later, same token (LIVE-12). */
  TryAgainLater: 1013,
} as const);
