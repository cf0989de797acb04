import type { CallRow, MessageRow, OrganizationRow } from '@careboard/contracts';

/** Test helper: a call `agoMs` before `now`, announced with the demo's template. */
export function testCall(id: number, name: string, station: string, now: number, agoMs = 0): CallRow {
  return {
    key: `call:${id}`,
    type: 'call',
    call_id: id,
    called_at: new Date(now - agoMs).toISOString(),
    name,
    station_name: station,
    announcement: `${name}, please proceed to ${station}.`,
  };
}

export function testMessage(id: number, text: string, expiresAt: number | null): MessageRow {
  return {
    key: `message:${id}`,
    type: 'message',
    message_id: id,
    text,
    sender_type: 1,
    expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString(),
  };
}

export const testOrganization: OrganizationRow = {
  key: 'organization',
  type: 'organization',
  name: 'Riverside Medical Center',
};
