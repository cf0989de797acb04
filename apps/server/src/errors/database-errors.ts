import { PAR_LEVELS_ENTITY } from '@careboard/contracts';
import { AppError } from './app-error.ts';

/** What pg's DatabaseError carries that we read. */
interface PgError {
  readonly code: string;
  readonly message?: string;
  readonly table?: string;
  readonly constraint?: string;
  readonly detail?: string;
}

/** The entity name a message uses for each table. */
const ENTITY_BY_TABLE: Readonly<Record<string, string>> = Object.freeze({
  sites: 'Site',
  departments: 'Department',
  workflows: 'Workflow',
  phases: 'Phase',
  locations: 'Location',
  stations: 'Station',
  staff_types: 'Staff type',
  tags: 'Tag',
  sensors: 'Sensor',
  badges: 'Badge',
  staff: 'Staff',
  visits: 'Visit',
  expected_visits: 'Expected visit',
  visit_staff: 'Visit staff',
  visit_phase_history: 'Phase history',
  calls: 'Call',
  asset_types: 'Asset type',
  assets: 'Asset',
  par_levels: PAR_LEVELS_ENTITY,
  display_boards: 'Display board',
  devices: 'Device',
  messages: 'Message',
  feed_rules: 'Feed rule',
  adt_points_of_care: 'Point of care',
  adt_facilities: 'Facility',
});

/** Unique constraints whose violation has its own catalogue code. */
const IN_USE: Readonly<Record<string, 'Badge' | 'Tag'>> = Object.freeze({
  visits_active_tag_key: 'Tag',
  visits_active_badge_key: 'Badge',
  badges_tag_key: 'Tag',
  assets_tag_key: 'Tag',
  staff_badge_key: 'Badge',
});

function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}

/**
 * The key PostgreSQL names in a 23505/23503 detail, e.g.
 * `Key (customer_id, name)=(demo, Exam 1) already exists.`: the last column that is
 * not customer_id, and its value. Our keys put their one free-text column last, so
 * the values before it (slugs and integers) split safely on ", ".
 */
export function keyOfDetail(detail: string | undefined): { field: string; value: string } | undefined {
  const match = /^Key \(([^)]*)\)=\((.*)\) (?:already exists|is not present in table "[^"]+")\.$/s.exec(
    detail ?? '',
  );
  if (!match) return undefined;
  const columns = (match[1] ?? '').split(', ');
  const parts = (match[2] ?? '').split(', ');
  const values = [...parts.slice(0, columns.length - 1), parts.slice(columns.length - 1).join(', ')];
  const index = columns.length - 1;
  return { field: columns[index] ?? 'id', value: values[index] ?? '' };
}

function referencedTable(detail: string | undefined): string | undefined {
  return /is not present in table "([^"]+)"/.exec(detail ?? '')?.[1];
}

/**
 * A delete (or key change) refused because other rows still reference the row (23503 with
 * `Key (...)=(...) is still referenced from table "x".`): the client's request, not our
 * failure (decision BOF-14). An asset type with assets or PAR levels is the catalogue's
 * ASSET_TYPE_IS_IN_USE; a workflow or phase a visit still follows is
 * WORKFLOW_HAS_ACTIVE_PATIENTS (services remove completed visits first, BOF-10); anything
 * else (a site with departments, a location with stations, …) is IS_NOT_VALID naming `id`,
 * the one field of a DELETE.
 */
function stillReferenced(error: PgError): AppError | undefined {
  const referencing = /is still referenced from table "([^"]+)"/.exec(error.detail ?? '')?.[1];
  if (!referencing) return undefined;
  const target = /^update or delete on table "([^"]+)"/.exec(error.message ?? '')?.[1];
  if (target === 'asset_types') return new AppError('ASSET_TYPE_IS_IN_USE', {});
  if (referencing === 'visits' && (target === 'workflows' || target === 'phases')) {
    return new AppError('WORKFLOW_HAS_ACTIVE_PATIENTS', {});
  }
  return new AppError('IS_NOT_VALID', { field: 'id' });
}

/** SQLSTATEs that mean the server is going away, starting, or unreachable rather than refusing our statement. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '57014', // query_canceled: our statement_timeout fired (the store is too slow to answer)
  '53300', // too_many_connections
]);
/** Socket errors on the way to PostgreSQL. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What pg and pg-pool say (as plain Errors) when a connection is lost, refused or too slow. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/**
 * Whether `error` says the database cannot be reached or did not answer in time (down,
 * restarting, stalled), rather than that it refused what we asked: those become 503
 * SERVICE_UNAVAILABLE, which a client may retry (decision FND-20).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
  if (typeof code === 'string' && code.startsWith('08')) return true; // connection_exception class
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text));
}

/**
 * Unique keys on a column the API does not have, as the field a client sent: a point of care's
 * place (its components as the feed compares them, `ed^^^^^`) is its point of care (FEED-63).
 */
const KEY_COLUMNS: Readonly<Record<string, (value: string) => { field: string; value: string }>> = {
  place_key: (value) => ({ field: 'point_of_care', value: value.replace(/\^+$/, '') }),
};

/**
 * The one place PostgreSQL errors become catalogue errors: an unreachable or stalled
 * database is SERVICE_UNAVAILABLE, a unique violation is
 * DUPLICATE_KEY (or TAG_IS_IN_USE for a worn tag or badge), a missing referenced row
 * NO_MASTER_ENTITY_FOUND, a row still referenced by others a 4xx (BOF-14), a failed check
 * IS_NOT_VALID. Anything else is returned as
 * it came, to end as an internal error.
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return new AppError('SERVICE_UNAVAILABLE', {});
  if (!isPgError(error)) return error;
  if (error.code === '23505') {
    const kind = IN_USE[error.constraint ?? ''];
    if (kind) return new AppError('TAG_IS_IN_USE', { kind });
    const detail = keyOfDetail(error.detail);
    if (!detail) return error;
    const key = KEY_COLUMNS[detail.field]?.(detail.value) ?? detail;
    const entity = ENTITY_BY_TABLE[error.table ?? ''] ?? error.table ?? 'Entity';
    return new AppError('DUPLICATE_KEY', { entity, field: key.field, value: key.value });
  }
  if (error.code === '23503') {
    const inUse = stillReferenced(error);
    if (inUse) return inUse;
    const table = referencedTable(error.detail);
    const key = keyOfDetail(error.detail);
    if (!table || !key) return error;
    const entity = ENTITY_BY_TABLE[table] ?? table;
    return new AppError('NO_MASTER_ENTITY_FOUND', { entity, field: key.field, value: key.value });
  }
  if (error.code === '23514') {
    return new AppError('IS_NOT_VALID', { field: checkedField(error) });
  }
  // Text PostgreSQL cannot store (a NUL: 22021; 22P05) that got past the text schema: still the client's (FND-26).
  if (error.code === '22021' || error.code === '22P05')
    return new AppError('IS_NOT_VALID', { field: 'body' });
  return error;
}

/** `phases_color_check` → color; our named checks say which field they guard. */
function checkedField(error: PgError): string {
  const named: Readonly<Record<string, string>> = { par_levels_min_max: 'max' };
  const constraint = error.constraint ?? '';
  if (named[constraint]) return named[constraint];
  const prefix = `${error.table ?? ''}_`;
  const bare = constraint.startsWith(prefix) ? constraint.slice(prefix.length) : constraint;
  return bare.replace(/_check\d*$/, '') || 'value';
}
