import type { DisplayBoardConfig } from '@careboard/contracts';

/** Test helper: a valid workflow board config (type 1). */
export const boardConfig: DisplayBoardConfig = {
  id: 1,
  name: 'Pre-op workflow',
  display_board_type_id: 1,
  workflow_ids: [1],
  phase_ids: [],
  page_rotation_sec: 15,
  table_configuration: null,
  department: { id: 1, name: 'Surgery', site: { id: 1, name: 'Main', default_timezone: 'America/New_York' } },
  show_badge: true,
  show_display_name: true,
  show_estimated_duration: true,
  show_avg_duration: true,
  show_expected: false,
  play_tone: false,
  play_announcement: false,
  announcement_voice: 'female',
  announcement_rate: 0.85,
  announcement_template: null,
  location_ids: [],
  display_style_id: 1,
};
