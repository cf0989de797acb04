import type { Json } from './json.ts';

/**
 * GET /service/backups: the whole service's scheduled backups, as every customer's admins see
 * them (decision FND-47): whether they run, how often, the last success and failure. Never a
 * path or a reason: those are the platform operator's, in the server's log.
 */
export interface BackupStatusRecord {
  /** Whether the service makes backups on a schedule (CAREBOARD_BACKUP_DIR is set). */
  readonly scheduled: boolean;
  /** CAREBOARD_BACKUP_EVERY_HOURS; null when not scheduled. */
  readonly every_hours: number | null;
  readonly last_success_at: Date | null;
  readonly last_failure_at: Date | null;
  /** Whether the newest attempt failed. */
  readonly failing: boolean;
}

export interface BackupStatus extends Json<BackupStatusRecord> {}
