import type { ColumnType, Generated } from 'kysely';

export interface CoreTables {
  customers: CustomersTable;
  backup_status: BackupStatusTable;
}

/** The service's scheduled backups: one row, id 1 (decision FND-47). */
export interface BackupStatusTable {
  id: Generated<number>;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  /** Why the last one failed, for the log's reader; the REST read never answers it. */
  last_failure_reason: string | null;
}

export interface CustomersTable {
  id: string;
  auth_org_id: string | null;
  auth_device_client_id: string | null;
  locale: Generated<string>;
  name: string | null;
  created_at: Generated<Date>;
  /** Seconds a tag may go unseen before it is non-reporting (TAG_IS_NON_REPORTING). */
  tag_non_reporting_sec: Generated<number>;
  /** The workflow an ADT admit joins when its point of care maps to none (decision FEED-03). */
  adt_workflow_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Whether points of care nothing maps join adt_workflow_id (off: they join no board; FEED-63). */
  adt_catch_all: ColumnType<boolean, boolean | undefined, boolean>;
  /** Who may sign in with a password: everyone, or only the break-glass accounts (IDN-29). */
  password_sign_in: ColumnType<'everyone' | 'break_glass_only', 'everyone' | 'break_glass_only' | undefined>;
  /** Days a completed visit keeps its patient's names (migration 0216, decision BOF-55). */
  visit_name_retention_days: Generated<number>;
  /** Days the feeds' stored messages, bodies and all, are kept at most (BOF-55, FEED-07). */
  feed_message_retention_days: Generated<number>;
  /** Years the audit events are kept (BOF-55). */
  audit_retention_years: Generated<number>;
}
