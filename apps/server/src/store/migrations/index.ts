import type { Migration } from 'kysely';
import * as customers from './0001-customers.ts';
import * as identity from './0002-identity.ts';
import * as accountsDisabled from './0200-accounts-disabled.ts';
import * as deviceGrants from './0201-device-grants.ts';
import * as backOffice from './0202-back-office.ts';
import * as deviceRecord from './0203-device-record.ts';
import * as feeds from './0204-feeds.ts';
import * as announcementSpeech from './0205-announcement-speech.ts';
import * as devicePresenceInPlace from './0206-device-presence-in-place.ts';
import * as presenceNodeLease from './0207-presence-node-lease.ts';
import * as adtSenders from './0208-adt-senders.ts';
import * as repeatsAndPlatformAudit from './0209-repeats-and-platform-audit.ts';
import * as refreshTokenReuses from './0210-refresh-token-reuses.ts';
import * as adtAsSent from './0211-adt-as-sent.ts';
import * as expectedVisits from './0212-expected-visits.ts';
import * as adtEvents from './0213-adt-events.ts';
import * as signInConnections from './0214-sign-in-connections.ts';
import * as scim from './0215-scim.ts';
import * as retention from './0216-retention.ts';
import * as backupStatus from './0217-backup-status.ts';
import { domainMigrations } from './domain/index.ts';

/** Every migration; Kysely runs them in the order of their names. */
export const migrations: Readonly<Record<string, Migration>> = Object.freeze({
  '0001-customers': customers,
  '0002-identity': identity,
  ...domainMigrations,
  '0200-accounts-disabled': accountsDisabled,
  '0201-device-grants': deviceGrants,
  '0202-back-office': backOffice,
  '0203-device-record': deviceRecord,
  '0204-feeds': feeds,
  '0205-announcement-speech': announcementSpeech,
  '0206-device-presence-in-place': devicePresenceInPlace,
  '0207-presence-node-lease': presenceNodeLease,
  '0208-adt-senders': adtSenders,
  '0209-repeats-and-platform-audit': repeatsAndPlatformAudit,
  '0210-refresh-token-reuses': refreshTokenReuses,
  '0211-adt-as-sent': adtAsSent,
  '0212-expected-visits': expectedVisits,
  '0213-adt-events': adtEvents,
  '0214-sign-in-connections': signInConnections,
  '0215-scim': scim,
  '0216-retention': retention,
  '0217-backup-status': backupStatus,
});
