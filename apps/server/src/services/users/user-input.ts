import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../identity/accounts.ts';
import { roles } from '../../identity/roles.ts';
import { nameSchema, textSchema } from '../schema-parts.ts';

/** An account's email: trimmed, at most 254 characters (RFC 5321), an address. */
export const emailSchema = textSchema().trim().min(1).max(254).pipe(z.email());

export const roleSchema = z.enum(roles);

/** At least 12 characters, as the admin command asks. */
export const passwordSchema = textSchema().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);

/** An account's id: the identity store's uuid. */
export const userIdSchema = z.guid();

/** POST /users: without a password one is generated and answered once (BOF-27). */
export const createUserInput = z.strictObject({
  email: emailSchema,
  name: nameSchema(),
  role: roleSchema,
  password: passwordSchema.optional(),
});

export type CreateUserInput = z.input<typeof createUserInput>;

/** PATCH /users/:id: the email is the sign-in name and stays; a password is the user's own (BOF-27). */
export const updateUserInput = z.strictObject({
  name: nameSchema().optional(),
  role: roleSchema.optional(),
  disabled: z.boolean().optional(),
});

export type UpdateUserInput = z.input<typeof updateUserInput>;
