import { z } from 'zod';

/** Names as POST /api/visits takes them (1–60 characters); messages are text ids of the desk. */
const name = z.string().trim().min(1, 'desk.required').max(60, 'desk.tooLong');

export const admitSchema = z.object({
  first_name: name,
  last_name: name,
  phase_id: z.number({ error: 'desk.required' }).int().positive(),
  badge_id: z.number().int().positive().nullable(),
});

export type Admission = z.output<typeof admitSchema>;
