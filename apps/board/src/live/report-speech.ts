import { reportSpeechMutation, type SpeechCapability } from '@careboard/contracts';
import type { Client } from 'graphql-ws';

/**
 * Tells the server, in-band on the live connection (as `authenticate` is), how this screen
 * can speak its calls (decision SCR-14); the console's Screens list shows it. Answers whether
 * the server took it. A failure needs no handling: the next connection reports again.
 */
export function reportSpeech(client: Pick<Client, 'subscribe'>, speech: SpeechCapability): Promise<boolean> {
  return new Promise((resolve) => {
    let accepted = false;
    client.subscribe(
      { query: reportSpeechMutation, variables: { speech } },
      {
        next: (result) => {
          accepted = !result.errors && result.data?.reportSpeech === true;
        },
        error: () => resolve(false),
        complete: () => resolve(accepted),
      },
    );
  });
}
