import type { AuditEvent } from '../store/audit-events.ts';

/** RFC 5424 §6.2.1: facility 13 (log audit), severity 6 (informational). */
const PRI = 13 * 8 + 6;
/**
 * The structured data's id: a name of our own must carry an enterprise number (RFC 5424 §7.2.2);
 * 32473 is the one RFC 5612 sets aside for examples and documentation, until Careboard has its own.
 */
export const SD_ID = 'careboard@32473';
const BOM = '\uFEFF';

/** PARAM-VALUE (RFC 5424 §6.3.3): `"`, `\` and `]` are escaped with a backslash. */
function paramValue(value: string): string {
  return value.replace(/["\\\]]/g, (character) => `\\${character}`);
}

/** HOSTNAME: printable US-ASCII without spaces, at most 255 characters (RFC 5424 §6.2.4). */
function headerField(value: string, max: number): string {
  const printable = value.replace(/[^\x21-\x7e]/g, '-').slice(0, max);
  return printable === '' ? '-' : printable;
}

/**
 * One audit event as an RFC 5424 syslog message (decision BOF-57): the event's own time, this
 * machine, app `careboard`, message id `audit`, and every field of the event as structured data
 * (`customer` absent for the platform's own events, FND-36), then a short line for a person.
 * An audit event holds no secret and no patient's name (BOF-02): ids, a route pattern, a status.
 */
export function auditSyslogMessage(event: AuditEvent, hostname: string): string {
  const params: [string, string | number | null][] = [
    ['id', event.id],
    ['customer', event.customer_id],
    ['actor', event.actor],
    ['actor_kind', event.actor_kind],
    ['action', event.action],
    ['entity', event.entity],
    ['entity_id', event.entity_id],
    ['route', event.route],
    ['status', event.status],
  ];
  const data = params
    .filter((param): param is [string, string | number] => param[1] !== null)
    .map(([name, value]) => `${name}="${paramValue(String(value))}"`)
    .join(' ');
  const text = [event.actor, event.action, event.entity, event.entity_id].filter(Boolean).join(' ');
  return `<${PRI}>1 ${event.at.toISOString()} ${headerField(hostname, 255)} careboard - audit [${SD_ID} ${data}] ${BOM}${text}`;
}

/** RFC 6587 §3.4.1 octet counting: the message's length in bytes, a space, the message. */
export function octetCounted(message: string): Buffer {
  const bytes = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${bytes.length} `, 'ascii'), bytes]);
}
