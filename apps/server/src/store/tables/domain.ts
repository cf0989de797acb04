import type { AnnouncementVoice, SpeechCapability, TagKind } from '@careboard/contracts';
import type { ColumnType, Generated } from 'kysely';

/** The care-setting domain's tables (migrations/domain). Every row belongs to one customer. */
export interface DomainTables {
  sites: SitesTable;
  departments: DepartmentsTable;
  workflows: WorkflowsTable;
  phases: PhasesTable;
  locations: LocationsTable;
  stations: StationsTable;
  staff_types: StaffTypesTable;
  tags: TagsTable;
  sensors: SensorsTable;
  badges: BadgesTable;
  staff: StaffTable;
  visits: VisitsTable;
  expected_visits: ExpectedVisitsTable;
  visit_staff: VisitStaffTable;
  visit_phase_history: VisitPhaseHistoryTable;
  calls: CallsTable;
  asset_types: AssetTypesTable;
  assets: AssetsTable;
  par_levels: ParLevelsTable;
  display_boards: DisplayBoardsTable;
  display_board_workflows: DisplayBoardListTable<'workflow_id'>;
  display_board_phases: DisplayBoardListTable<'phase_id'>;
  display_board_locations: DisplayBoardListTable<'location_id'>;
  devices: DevicesTable;
  presence_nodes: PresenceNodesTable;
  messages: MessagesTable;
  change_log: ChangeLogTable;
  audit_events: AuditEventsTable;
  audit_syslog_cursors: AuditSyslogCursorsTable;
}

/** An identity column: read, never written. */
type Id = ColumnType<number, never, never>;
/** Set once on insert, never updated. */
type CustomerId = ColumnType<string, string, never>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface SitesTable {
  id: Id;
  customer_id: CustomerId;
  name: string;
  default_timezone: string;
  created_at: CreatedAt;
}

export interface DepartmentsTable {
  id: Id;
  customer_id: CustomerId;
  site_id: number;
  name: string;
}

export interface WorkflowsTable {
  id: Id;
  customer_id: CustomerId;
  department_id: number;
  name: string;
}

export interface PhasesTable {
  id: Id;
  customer_id: CustomerId;
  workflow_id: number;
  name: string;
  position: number;
  color: string;
  estimated_duration_sec: number | null;
  kind: string;
  supplementary_announcement: string | null;
}

export interface LocationsTable {
  id: Id;
  customer_id: CustomerId;
  name: string;
  kind: string;
}

export interface StationsTable {
  id: Id;
  customer_id: CustomerId;
  location_id: number;
  name: string;
}

export interface StaffTypesTable {
  customer_id: CustomerId;
  id: number;
  name: string;
  abbreviation: string | null;
}

export interface TagsTable {
  id: Id;
  customer_id: CustomerId;
  label: string;
  battery_low: Generated<boolean>;
  last_seen_at: Date | null;
  /** What the tag is worn by or fixed to (decision BOF-03). */
  kind: Generated<TagKind>;
  /** Where the RTLS feed last saw it: its sensor's location (decision FEED-03). */
  location_id: ColumnType<number | null, number | null | undefined, number | null>;
  sensor_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** contracts' kinds (CON-63): the column holds one of them. */
export type { TagKind };

/** An RTLS sensor fixed in a location; its identifier is what the RTLS system reports. */
export interface SensorsTable {
  id: Id;
  customer_id: CustomerId;
  identifier: string;
  name: string;
  location_id: number;
}

export interface BadgesTable {
  id: Id;
  customer_id: CustomerId;
  label: string;
  tag_id: number | null;
}

export interface StaffTable {
  id: Id;
  customer_id: CustomerId;
  display_name: string;
  staff_type_id: number;
  badge_id: number | null;
}

export interface VisitsTable {
  id: Id;
  customer_id: CustomerId;
  first_name: string;
  last_name: string;
  display_name: string;
  family_code: string;
  tag_id: number | null;
  badge_id: number | null;
  workflow_id: number;
  phase_id: number;
  phase_entered_at: Date;
  location_id: number | null;
  station_id: number | null;
  arrived_at: Date;
  completed_at: Date | null;
  /** The EHR's visit number (PV1-19, else PID-3) when ADT made the visit (decision FEED-03). */
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The patient's identifier (PID-3) the EHR gave with it (migration 0211, decision FEED-62). */
  external_patient_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the EHR says the last event applied to it happened (migration 0213, FEED-70). */
  ehr_event_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Since when the patient is on leave of absence (A21 until A22, FEED-69); null: here. */
  away_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When retention took the patient's names and identifiers off the completed visit (BOF-56). */
  names_removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** How an expected patient's row ended, or that it still expects them (migration 0212, BRD-23). */
export type ExpectedVisitStatus = 'expected' | 'arrived' | 'cancelled' | 'no_show' | 'deleted';

/** Who made an expected patient's row: an ADT pre-admit or an SIU appointment. */
export type ExpectedVisitSource = 'adt' | 'siu';

/** A patient the EHR expects before they arrive (migration 0212, decision BRD-23). */
export interface ExpectedVisitsTable {
  id: Id;
  customer_id: CustomerId;
  workflow_id: number;
  /** The EHR's visit number or appointment id: at most one row expected under it at a time. */
  external_id: string;
  external_patient_id: string | null;
  first_name: string;
  last_name: string;
  display_name: string;
  expected_at: Date | null;
  location_id: number | null;
  source: ExpectedVisitSource;
  status: Generated<ExpectedVisitStatus>;
  /** The visit the patient arrived as (status 'arrived' only). */
  visit_id: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  ended_at: Date | null;
  /** When retention took the patient's names and identifiers off the ended row (BOF-56). */
  names_removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface VisitStaffTable {
  customer_id: CustomerId;
  visit_id: number;
  staff_id: number;
}

export interface VisitPhaseHistoryTable {
  id: Id;
  customer_id: CustomerId;
  visit_id: number;
  phase_id: number;
  entered_at: Date;
  left_at: Date | null;
}

export interface CallsTable {
  id: Id;
  customer_id: CustomerId;
  visit_id: number;
  station_id: number;
  called_at: Date;
  called_by: string | null;
}

export interface AssetTypesTable {
  id: Id;
  customer_id: CustomerId;
  name: string;
}

export interface AssetsTable {
  id: Id;
  customer_id: CustomerId;
  name: string;
  asset_type_id: number;
  tag_id: number | null;
  location_id: number | null;
}

export interface ParLevelsTable {
  id: Id;
  customer_id: CustomerId;
  location_id: number;
  asset_type_id: number;
  min: number;
  max: number;
}

/** The stored table_configuration; its shape is checked with tableConfigurationSchema on the way in. */
export type StoredTableConfiguration = ColumnType<unknown, string | null, string | null>;

export interface DisplayBoardsTable {
  /** BY DEFAULT identity: the demo seed may name its ids. */
  id: Generated<number>;
  customer_id: CustomerId;
  name: string;
  display_board_type_id: number;
  department_id: number;
  page_rotation_sec: number;
  table_configuration: StoredTableConfiguration;
  show_badge: Generated<boolean>;
  show_display_name: Generated<boolean>;
  show_estimated_duration: Generated<boolean>;
  show_avg_duration: Generated<boolean>;
  /** A workflow board lists expected patients (migration 0212, BRD-23). */
  show_expected: Generated<boolean>;
  play_tone: Generated<boolean>;
  play_announcement: Generated<boolean>;
  announcement_template: string | null;
  /** How calls are spoken (SCR-13). */
  announcement_voice: Generated<AnnouncementVoice>;
  announcement_rate: Generated<number>;
  display_style_id: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export type DisplayBoardListTable<C extends string> = {
  customer_id: CustomerId;
  display_board_id: number;
  position: number;
} & Record<C, number>;

/** A node's presence lease (LIVE-53): the screens it holds are online while it runs. */
export interface PresenceNodesTable {
  id: string;
  lease_until: Date;
}

export interface DevicesTable {
  id: Id;
  customer_id: CustomerId;
  name: string;
  display_board_id: number | null;
  last_seen_at: Date | null;
  app_version: string | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
  /** The device grant its activation made (decision IDN-16); null until activated. */
  grant_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where the screen hangs (BOF-42). */
  location_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who confirmed its code, and when (the activation, BOF-42). */
  activated_by_id: ColumnType<string | null, string | null | undefined, string | null>;
  activated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Where its activation came from. */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Online while this is in the future (BOF-43) and, when `online_node` names one, that node's lease
   * runs (LIVE-53): a node claiming a screen sets it to infinity.
   */
  online_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The node holding its live connection (LIVE-53); null before it, and offline. */
  online_node: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last time someone asked the screen to reload its page (BOF-45). */
  reload_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** How the screen last said it can speak (SCR-14); null until a patient board has told. */
  speech: ColumnType<SpeechCapability | null, SpeechCapability | null | undefined, SpeechCapability | null>;
}

export interface MessagesTable {
  id: Id;
  customer_id: CustomerId;
  sender_type: number;
  text: string;
  display_board_id: number | null;
  workflow_id: number | null;
  created_at: CreatedAt;
  expires_at: Date | null;
}

export type ChangeAction = 'insert' | 'update' | 'delete';

export interface ChangeLogTable {
  /** bigint: pg hands it over as a string. */
  version: ColumnType<string, never, never>;
  customer_id: string;
  entity: string;
  entity_id: number;
  action: ChangeAction;
  board_ids: number[] | null;
  created_at: CreatedAt;
}

export type AuditAction = 'create' | 'update' | 'delete' | 'read';
export type AuditActorKind = 'user' | 'device' | 'feed' | 'system';

/** One write, or one read of a patient's name (decision BOF-02). */
export interface AuditEventsTable {
  /** bigint: pg hands it over as a string. */
  id: ColumnType<string, never, never>;
  /** Null: a write of the whole platform's, e.g. a signing key by the admin command (FND-36). */
  customer_id: ColumnType<string | null, string | null, never>;
  at: CreatedAt;
  actor: string;
  actor_kind: AuditActorKind;
  action: AuditAction;
  entity: string;
  entity_id: string | null;
  route: string;
  status: number | null;
}

/** How far the audit stream has sent the audit log to a SIEM (migration 0216, decision BOF-57). */
export interface AuditSyslogCursorsTable {
  /** `tcp://host:port` or `tls://host:port`: a new SIEM starts from the beginning. */
  destination: string;
  /** The last audit event id the SIEM is known to have (bigint: a string). */
  last_id: ColumnType<string, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
