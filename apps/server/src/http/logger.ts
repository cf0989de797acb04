import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from '../config/env-schema.ts';

/**
 * JSON lines. Request logs carry no headers or query strings; the redaction
 * below is a second net for anything that logs a whole object.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'careboard' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.access_token',
        '*.refresh_token',
        '*.id_token',
        'first_name',
        'last_name',
        '*.first_name',
        '*.last_name',
        '*.*.first_name',
        '*.*.last_name',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
