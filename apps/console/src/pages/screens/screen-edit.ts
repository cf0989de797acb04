import { z } from 'zod';

/**
 * What PATCH /api/devices/:id takes from the console (BOF-48): a name of 1–120 characters, and a
 * board and a location, null clearing either. Messages are text ids of the screens page.
 */
export const screenEditSchema = z.object({
  name: z.string().trim().min(1, 'screens.edit.nameRequired').max(120, 'screens.edit.nameTooLong'),
  display_board_id: z.number().int().positive().nullable(),
  location_id: z.number().int().positive().nullable(),
});

export type ScreenEdit = z.output<typeof screenEditSchema>;
