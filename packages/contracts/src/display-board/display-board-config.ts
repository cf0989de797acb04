import { z } from 'zod';

/** Columns a workflow board's table can show (product.md §3). */
export const tableColumnKeys = Object.freeze([
  'badge_label',
  'display_name',
  'phase',
  'location',
  'station',
  'time_in_phase',
  'estimated_duration',
  'avg_duration',
  'staff',
] as const);

export type TableColumnKey = (typeof tableColumnKeys)[number];

/** `table_configuration`: ordered columns, each with an optional label and relative width. */
export const tableConfigurationSchema = z
  .object({
    columns: z
      .array(
        z
          .object({
            key: z.enum(tableColumnKeys),
            label: z.string().min(1).max(60).optional(),
            width: z.number().int().min(1).max(12).optional(),
          })
          .strict(),
      )
      .max(tableColumnKeys.length)
      .refine((columns) => new Set(columns.map((c) => c.key)).size === columns.length, {
        error: 'columns must not repeat',
      }),
  })
  .strict();

export type TableConfiguration = z.infer<typeof tableConfigurationSchema>;

/**
 * The display board config every board loads by id (specification section 3),
 * plus `announcement_template` for the patient board (README "Decisions").
 */
export const displayBoardConfigSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  display_board_type_id: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  workflow_ids: z.array(z.number().int()),
  phase_ids: z.array(z.number().int()),
  page_rotation_sec: z.number().int().min(3),
  table_configuration: tableConfigurationSchema.nullable(),
  department: z.object({
    id: z.number().int(),
    name: z.string(),
    site: z.object({ id: z.number().int(), name: z.string(), default_timezone: z.string() }),
  }),
  show_badge: z.boolean(),
  show_display_name: z.boolean(),
  show_estimated_duration: z.boolean(),
  show_avg_duration: z.boolean(),
  play_tone: z.boolean(),
  play_announcement: z.boolean(),
  announcement_template: z.string().nullable(),
  location_ids: z.array(z.number().int()),
  display_style_id: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});

export type DisplayBoardConfig = z.infer<typeof displayBoardConfigSchema>;
