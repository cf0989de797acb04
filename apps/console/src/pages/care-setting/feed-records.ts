/** The records the feed-settings routes answer (apps/server/src/api/feeds/feed-schemas.ts). */
export interface FeedRule {
  readonly id: number;
  readonly workflow_id: number;
  readonly location_kind: string | null;
  readonly location_id: number | null;
  readonly phase_id: number;
}
export interface PointOfCare {
  readonly id: number;
  readonly point_of_care: string;
  readonly workflow_id: number;
  readonly phase_id: number | null;
}
export interface Facility {
  readonly facility: string;
  readonly created_at: string;
}
/** What GET /customers/:id/settings answers that the ADT tab reads. */
export interface CustomerAdtSetting {
  readonly adt_workflow_id: number | null;
}
/** Who may send a facility's ADT, and from where (decision FEED-52). */
export interface AdtSender {
  readonly id: number;
  readonly facility: string;
  readonly sending_application: string | null;
  readonly sending_facility: string | null;
  readonly addresses: readonly string[];
}
