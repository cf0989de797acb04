import { type DeviceRecord, SPEECH_CAPABILITIES } from '@careboard/contracts';
import { z } from 'zod';

/** One screen: what it is, what it shows, where it hangs, who activated it, whether it is online (BOF-42). */
export const deviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_board_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  activated_by: z.string().nullable().describe('The email of the account that confirmed its code'),
  activated_at: z.date().nullable(),
  app_version: z.string().nullable(),
  speech: z
    .enum(SPEECH_CAPABILITIES)
    .nullable()
    .describe(
      "How its patient board can speak: voice (the device's own), fallback (the offline voice), blocked (nothing heard); null until told",
    ),
  ip: z.string().nullable().describe('The address its activation came from'),
  user_agent: z.string().nullable(),
  online: z.boolean().describe('A live connection holds it now, on any server node'),
  last_seen_at: z.date().nullable(),
  revoked_at: z.date().nullable(),
}) satisfies z.ZodType<DeviceRecord>;
