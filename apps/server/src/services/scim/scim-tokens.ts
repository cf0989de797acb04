import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../store/database.ts';
import { findLiveConnection, insertScimToken, type ScimTokenRow } from '../../store/scim.ts';
import { nameSchema } from '../schema-parts.ts';

/** POST /scim-tokens: a name for people to tell tokens apart, and the connection it provisions. */
export const createScimTokenInput = z.strictObject({
  name: nameSchema(),
  connection_id: z.guid(),
});

export type CreateScimTokenInput = z.output<typeof createScimTokenInput>;

/** How a SCIM token is stored and looked up: SHA-256, hex. 32 random bytes need no slow hash. */
export function hashScimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new SCIM token for one of the customer's connections (not deleted; another customer's, or
 * none, is NO_MASTER_ENTITY_FOUND as any reference in a body): 32 random bytes, base64url, answered
 * this once; only its hash is kept (IDN-30).
 */
export async function createScimToken(
  db: Db,
  customerId: string,
  createdBy: string,
  input: CreateScimTokenInput,
): Promise<{ readonly row: ScimTokenRow; readonly token: string }> {
  const connection = await findLiveConnection(db, customerId, input.connection_id);
  if (!connection)
    throw new AppError('NO_MASTER_ENTITY_FOUND', {
      entity: 'Sign-in connection',
      field: 'connection_id',
      value: input.connection_id,
    });
  const token = randomBytes(32).toString('base64url');
  const row = await insertScimToken(db, {
    customer_id: customerId,
    connection_id: connection.id,
    name: input.name,
    token_hash: hashScimToken(token),
    created_by: createdBy,
  });
  return { row, token };
}
