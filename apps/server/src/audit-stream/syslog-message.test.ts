import { describe, expect, it } from 'vitest';
import { auditSyslogMessage, octetCounted } from './syslog-message.ts';

const event = {
  id: '42',
  customer_id: 'acme',
  at: new Date('2026-05-01T10:00:00.123Z'),
  actor: 'user "x" \\ ]',
  actor_kind: 'user' as const,
  action: 'update' as const,
  entity: 'customers',
  entity_id: null,
  route: 'PATCH /api/customers/:id',
  status: 200,
};

describe('an audit event as RFC 5424 syslog (BOF-57)', () => {
  it('writes the header, every field as structured data with its escapes, and no absent field', () => {
    expect(auditSyslogMessage(event, 'node one')).toBe(
      '<110>1 2026-05-01T10:00:00.123Z node-one careboard - audit [careboard@32473 id="42" customer="acme" ' +
        'actor="user \\"x\\" \\\\ \\]" actor_kind="user" action="update" entity="customers" ' +
        'route="PATCH /api/customers/:id" status="200"] \uFEFFuser "x" \\ ] update customers',
    );
  });

  it('leaves the customer out of the platform’s own events', () => {
    expect(auditSyslogMessage({ ...event, customer_id: null }, 'h')).not.toContain('customer=');
  });

  it('frames by octet counting: the length in bytes, not characters', () => {
    expect(octetCounted('é').toString('utf8')).toBe('2 é');
  });
});
