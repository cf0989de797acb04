import type { TagKind } from '../domain/kinds.ts';
import type { Json } from './json.ts';

/**
 * The records the REST API answers with, as JSON (decision FND-42): the server's repositories
 * return these, so `tsc -p apps/server` fails when a stored shape drifts from what the console
 * reads, and the console reads them from here instead of declaring its own copy. A record with
 * times is declared as the server answers it (`…Record`, times are Dates) and the console reads
 * its JSON under the plain name (`Json<…Record>`, times are ISO strings).
 */

/**
 * One page of a list: its items, how many there are in all, and where it starts (BOF-01). The
 * items array is mutable because the route schemas' types (zod arrays) are.
 */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

export interface Site {
  readonly id: number;
  readonly name: string;
  readonly default_timezone: string;
}

export interface Department {
  readonly id: number;
  readonly site_id: number;
  readonly name: string;
}

export interface Workflow {
  readonly id: number;
  readonly department_id: number;
  readonly name: string;
}

export interface Phase {
  readonly id: number;
  readonly workflow_id: number;
  readonly name: string;
  /** 0 first; the workflow's phases are numbered without gaps. */
  readonly position: number;
  readonly color: string;
  readonly estimated_duration_sec: number | null;
  /** One of `phaseKinds`. */
  readonly kind: string;
  readonly supplementary_announcement: string | null;
}

export interface Location {
  readonly id: number;
  readonly name: string;
  /** One of `locationKinds`. */
  readonly kind: string;
}

export interface Station {
  readonly id: number;
  readonly location_id: number;
  readonly name: string;
}

export interface StaffType {
  readonly id: number;
  readonly name: string;
  readonly abbreviation: string | null;
}

export interface StaffMember {
  readonly id: number;
  readonly display_name: string;
  readonly staff_type_id: number;
  readonly badge_id: number | null;
}

export interface AssetType {
  readonly id: number;
  readonly name: string;
}

export interface Asset {
  readonly id: number;
  readonly name: string;
  readonly asset_type_id: number;
  readonly tag_id: number | null;
  readonly location_id: number | null;
}

export interface Sensor {
  readonly id: number;
  readonly identifier: string;
  readonly name: string;
  readonly location_id: number;
}

export interface ParLevel {
  readonly id: number;
  readonly location_id: number;
  readonly asset_type_id: number;
  readonly min: number;
  readonly max: number;
}

/** An RTLS tag as the back office lists it: with the badge it sits in and whether it is worn (BOF-16). */
export interface TagRecord {
  readonly id: number;
  readonly kind: TagKind;
  readonly label: string;
  readonly battery_low: boolean;
  /** When the RTLS system last reported it; null: never (BOF-19). */
  readonly last_seen_at: Date | null;
  /** The badge it is the transmitter of (badge kinds), what visits and staff wear. */
  readonly badge_id: number | null;
  /** Worn by a visit in progress or a staff member, or fixed to an asset. */
  readonly in_use: boolean;
}

export interface Tag extends Json<TagRecord> {}
