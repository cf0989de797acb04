import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger('info', sink), text: () => lines.join('') };
}

describe('the logger', () => {
  it('redacts tokens, passwords and patient names at any of the usual depths', () => {
    const { log, text } = capture();
    log.info(
      { first_name: 'Anna', last_name: 'Kowalski', visit: { first_name: 'Ben', last_name: 'Okafor' } },
      'one',
    );
    log.info(
      {
        body: { patient: { last_name: 'Lindqvist' } },
        req: { headers: { authorization: 'Bearer abc.def' } },
      },
      'two',
    );
    log.info({ form: { password: 'careboard-demo', refresh_token: 'rt-123' } }, 'three');
    const written = text();
    for (const secret of [
      'Anna',
      'Kowalski',
      'Ben',
      'Okafor',
      'Lindqvist',
      'abc.def',
      'careboard-demo',
      'rt-123',
    ]) {
      expect(written).not.toContain(secret);
    }
    expect(written).toContain('[redacted]');
  });
});
