import type { Json } from './json.ts';

/** A user as GET /users answers it: whether it is disabled, never its password (BOF-27). */
export interface UserRecord {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  /** One of the server's roles (admin, staff, visitor). */
  readonly role: string;
  readonly disabled: boolean;
  readonly created_at: Date;
}

export interface User extends Json<UserRecord> {}

/** POST /users' answer: the user, and the generated password when none was sent, shown this once (BOF-27). */
export interface CreatedUserRecord extends UserRecord {
  readonly password?: string;
}

export interface CreatedUser extends Json<CreatedUserRecord> {}

/** The customer's settings, for its admins' console (GET /customers/:id/settings, BOF-29). */
export interface CustomerSettingsRecord {
  readonly id: string;
  readonly name: string | null;
  /** Any stored locale reads back; a change must be one of customerLocales. */
  readonly locale: string;
  readonly auth_org_id: string | null;
  readonly auth_device_client_id: string | null;
  /** How long a tag may go unseen before it is non-reporting. */
  readonly tag_non_reporting_sec: number;
  /** The workflow an ADT admit joins when its point of care maps to none; null: none (FEED-03). */
  readonly adt_workflow_id: number | null;
  /** Whether admits from points of care nothing maps join adt_workflow_id; off by default (FEED-63). */
  readonly adt_catch_all: boolean;
  /** Days after its completion a visit keeps its patient's names and identifiers (BOF-55). */
  readonly visit_name_retention_days: number;
  /** Days the feeds' stored messages are kept at most; settled ones a week at most (BOF-55). */
  readonly feed_message_retention_days: number;
  /** Years the audit events are kept (BOF-55). */
  readonly audit_retention_years: number;
  readonly created_at: Date;
}

export interface CustomerSettings extends Json<CustomerSettingsRecord> {}
