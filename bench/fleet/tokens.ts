import { type SigningKey, signAccessToken } from '../fanout/token.ts';
import type { FleetLayout } from './seed.ts';

/** Each screen's own device token, as its activation would have issued it (a `device_id` claim). */
export async function screenTokens(
  layout: FleetLayout,
  key: SigningKey,
  publicUrl: string,
): Promise<string[][]> {
  const orgOf = new Map(layout.customers.map((c) => [c.id, c.orgId]));
  const tokens: string[][] = [];
  for (const board of layout.boards) {
    const ids = layout.deviceIds.slice(
      board.index * layout.screensPerBoard,
      (board.index + 1) * layout.screensPerBoard,
    );
    tokens.push(
      await Promise.all(
        ids.map((id) =>
          signAccessToken(key, publicUrl, {
            sub: `device-${id}`,
            org_id: orgOf.get(board.customerId),
            client_id: `${board.customerId}-device`,
            scope: 'access:display-board',
            device_id: id,
          }),
        ),
      ),
    );
  }
  return tokens;
}
