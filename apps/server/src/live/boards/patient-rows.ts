import {
  type CallRow,
  DEFAULT_ANNOUNCEMENT,
  DEFAULT_LOCALE,
  type MessageRow,
  type OrganizationRow,
  renderAnnouncement,
} from '@careboard/contracts';
import { findCustomerVoice, listRecentBoardCalls } from '../../store/repositories/board-row-queries.ts';
import { readBoardMessages } from './board-messages.ts';
import { type BuildRows, iso, readAlone, scopeKey, scopeOf } from './build-rows.ts';

export const RECENT_CALLS = 10;

/**
 * Patient board (calling): the recent calls with the words to say and show,
 * the active messages and the organization's name. A call names the patient by first name only (or
 * badge label when the board shows badges); no last name, no staff.
 */
export const buildPatientRows: BuildRows = async (db, customerId, config, now, share = readAlone) => {
  const scope = scopeOf(config);
  const [calls, messages, voice] = await Promise.all([
    share(`calls ${scopeKey(scope)}`, () => listRecentBoardCalls(db, customerId, scope, RECENT_CALLS)),
    // A board's own messages, and those of its workflows, at this moment (LIVE-31).
    readBoardMessages(db, customerId, config.id, scope, now, share),
    share('voice', () => findCustomerVoice(db, customerId)),
  ]);
  const context = {
    now,
    locale: voice?.locale ?? DEFAULT_LOCALE,
    timeZone: config.department.site.default_timezone,
  };
  const template = config.announcement_template ?? DEFAULT_ANNOUNCEMENT;
  const callRows: CallRow[] = calls.map((call) => {
    const name = config.show_badge && call.badge_label ? call.badge_label : call.first_name;
    return {
      key: `call:${call.id}`,
      type: 'call',
      call_id: call.id,
      called_at: call.called_at.toISOString(),
      name,
      station_name: call.station_name,
      announcement: renderAnnouncement(
        template,
        {
          patient_first_name: name,
          station_name: call.station_name,
          workflow_name: call.workflow_name,
          phase_name: call.phase_name,
          supplementary_announcement: call.supplementary_announcement,
          badge_label: call.badge_label,
          tag_label: call.tag_label,
          organization_alias: voice?.name ?? null,
        },
        { ...context, now: call.called_at },
      ),
    };
  });
  const messageRows: MessageRow[] = messages.map((message) => ({
    key: `message:${message.id}`,
    type: 'message',
    message_id: message.id,
    text: message.text,
    sender_type: message.sender_type,
    expires_at: iso(message.expires_at),
  }));
  // The idle view names the organization as announcements do ({organization_alias}).
  const organizationRows: OrganizationRow[] = voice?.name
    ? [{ key: 'organization', type: 'organization', name: voice.name }]
    : [];
  return [...callRows, ...messageRows, ...organizationRows];
};
