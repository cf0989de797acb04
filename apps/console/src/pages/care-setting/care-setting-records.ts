/** The records the care-setting routes answer (apps/server/src/api/care-setting/schemas.ts). */
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
  readonly position: number;
  readonly color: string;
  readonly estimated_duration_sec: number | null;
  readonly kind: string;
  readonly supplementary_announcement: string | null;
}
export interface Location {
  readonly id: number;
  readonly name: string;
  readonly kind: string;
}
export interface Station {
  readonly id: number;
  readonly location_id: number;
  readonly name: string;
}
export interface Staff {
  readonly id: number;
  readonly display_name: string;
  readonly staff_type_id: number;
  readonly badge_id: number | null;
}
export interface StaffType {
  readonly id: number;
  readonly name: string;
  readonly abbreviation: string | null;
}
export interface Tag {
  readonly id: number;
  readonly kind: string;
  readonly label: string;
  readonly battery_low: boolean;
  readonly last_seen_at: string | null;
  readonly badge_id: number | null;
  readonly in_use: boolean;
}
