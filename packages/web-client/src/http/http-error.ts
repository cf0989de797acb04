import type { ErrorEnvelope } from '@careboard/contracts';

/** A non-2xx answer; `message` is the error catalogue's text for the envelope. */
export class HttpError extends Error {
  readonly status: number;
  readonly envelope: ErrorEnvelope;

  constructor(status: number, envelope: ErrorEnvelope) {
    super(envelope.message);
    this.name = 'HttpError';
    this.status = status;
    this.envelope = envelope;
  }
}
