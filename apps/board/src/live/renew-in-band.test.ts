import { authenticateMutation } from '@careboard/contracts';
import type { Client, ExecutionResult, Sink } from 'graphql-ws';
import { describe, expect, it } from 'vitest';
import { renewInBand } from './renew-in-band.ts';

function fakeClient(answer: (sink: Sink<ExecutionResult>) => void) {
  const sent: { query: string; variables?: Record<string, unknown> | null }[] = [];
  const client: Pick<Client, 'subscribe'> = {
    subscribe: (payload, sink) => {
      sent.push(payload as (typeof sent)[number]);
      answer(sink as Sink<ExecutionResult>);
      return () => {};
    },
  };
  return { client, sent };
}

describe('renewInBand', () => {
  it('sends the authenticate mutation with the new token', async () => {
    const { client, sent } = fakeClient((sink) => {
      sink.next({ data: { authenticate: { expires_at: 1 } } });
      sink.complete();
    });
    expect(await renewInBand(client, 'new-token')).toBe(true);
    expect(sent).toEqual([{ query: authenticateMutation, variables: { token: 'new-token' } }]);
  });

  it('reports a refused renewal without throwing', async () => {
    const refused = fakeClient((sink) => sink.error(new Error('closed')));
    expect(await renewInBand(refused.client, 't')).toBe(false);
    const errors = fakeClient((sink) => {
      sink.next({ errors: [{ message: 'Forbidden' }] } as unknown as ExecutionResult);
      sink.complete();
    });
    expect(await renewInBand(errors.client, 't')).toBe(false);
  });
});
