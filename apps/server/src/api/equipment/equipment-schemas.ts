import {
  type Asset,
  type AssetType,
  type ParLevel,
  type Sensor,
  type TagRecord,
  tagKinds,
} from '@careboard/contracts';
import { z } from 'zod';

const id = z.number().int();

export const tagSchema = z.object({
  id,
  kind: z.enum(tagKinds),
  label: z.string(),
  battery_low: z.boolean(),
  /** When the RTLS system last reported it; null: never (decision BOF-19). */
  last_seen_at: z.date().nullable(),
  /** The badge it is the transmitter of (badge kinds), what visits and staff wear (BOF-16). */
  badge_id: id.nullable(),
  /** Worn by a visit in progress or a staff member, or fixed to an asset. */
  in_use: z.boolean(),
}) satisfies z.ZodType<TagRecord>;

export const sensorSchema = z.object({
  id,
  identifier: z.string(),
  name: z.string(),
  location_id: id,
}) satisfies z.ZodType<Sensor>;

export const assetTypeSchema = z.object({ id, name: z.string() }) satisfies z.ZodType<AssetType>;

export const assetSchema = z.object({
  id,
  name: z.string(),
  asset_type_id: id,
  tag_id: id.nullable(),
  location_id: id.nullable(),
}) satisfies z.ZodType<Asset>;

export const parLevelSchema = z.object({
  id,
  location_id: id,
  asset_type_id: id,
  min: z.number().int(),
  max: z.number().int(),
}) satisfies z.ZodType<ParLevel>;

export const visitWornSchema = z.object({ id, badge_id: id.nullable(), tag_id: id.nullable() });

/** `?in_use=true`: query strings carry text, so a boolean filter is the word. */
export const booleanFilter = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/** `?label=10`: part of a label, any case. */
export const textFilter = z.string().trim().min(1).max(60).optional();
