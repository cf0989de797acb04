import { authenticateMutation } from '@careboard/contracts';
import type { Client } from 'graphql-ws';

/**
 * Hands the live connection a renewed access token without reconnecting, so its
 * subscriptions carry on. If it fails the server closes the socket and the client
 * reconnects with the current token anyway, so failures need no handling here.
 */
export function renewInBand(client: Pick<Client, 'subscribe'>, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    let accepted = false;
    client.subscribe(
      { query: authenticateMutation, variables: { token } },
      {
        next: (result) => {
          accepted = !result.errors;
        },
        error: () => resolve(false),
        complete: () => resolve(accepted),
      },
    );
  });
}
