import { z } from 'zod';
import { idSchema, nameSchema } from '../schema-parts.ts';

/** PATCH /devices/:id: a new name, another board (null: none), where it hangs (null: nowhere). */
export const updateDeviceInput = z.strictObject({
  name: nameSchema(120).optional(),
  display_board_id: idSchema.nullable().optional(),
  location_id: idSchema.nullable().optional(),
});

export type UpdateDeviceInput = z.input<typeof updateDeviceInput>;
