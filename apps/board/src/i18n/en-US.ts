import { authTexts } from '@careboard/web-client';

/**
 * The complete en-US catalogue. The specification's texts (sections 2, 5 and 8)
 * are word for word; the others are ours (labels for assistive technology). The sign-in
 * texts come from @careboard/web-client, which the console shows too (one copy).
 */
export const enUS = Object.freeze({
  'error.unexpected': authTexts['en-US'].unexpected,
  'board.missingId': 'Missing ID in url.',
  'board.notFound': 'Display board does not exist.',
  'auth.noPermission': authTexts['en-US'].noPermission,
  'action.close': 'Close',
  'device.activate': 'To activate this device use the following code: {code}',
  'device.address': 'Enter the code at {address}',
  'device.restart': 'Authentication flow will restart automatically in 20 seconds.',
  'device.accessDenied': 'The user or authorization server denied the transaction.',
  'device.expiredToken': 'The user has not authorized the device quickly enough.',
  'device.activationLink': 'Open the activation page',
  'device.qrCode': 'QR code of the activation address',
  'device.logo': 'Careboard',
  'loading.label': 'Loading',
  // Board chrome (board/chrome, ui/time, board/paging)
  'board.connecting': 'Connecting',
  'board.live': 'Live',
  'board.offline': 'Offline',
  'board.reconnecting': 'Reconnecting — data as of {time}',
  'board.page': 'Page {page} of {count}',
  // Workflow board (screens/workflow)
  'workflow.column.badge_label': 'Badge',
  'workflow.column.display_name': 'Patient',
  'workflow.column.phase': 'Phase',
  'workflow.column.location': 'Location',
  'workflow.away': 'Away (leave of absence)',
  'workflow.column.station': 'Station',
  'workflow.column.time_in_phase': 'Time in phase',
  'workflow.column.estimated_duration': 'Estimate',
  'workflow.column.avg_duration': 'Avg today',
  'workflow.column.staff': 'Staff',
  'workflow.overdue': 'Overdue',
  'workflow.estimate': 'Estimate {duration}',
  'workflow.average': 'Avg today {duration}',
  'workflow.patients': '{count, plural, one {# patient} other {# patients}}',
  'workflow.empty': 'No patients right now.',
  // Expected patients (BRD-23): not here yet, in no phase.
  'workflow.expected': 'Expected',
  'workflow.expected.count': '{count} expected',
  // Family board (screens/family)
  'family.column.code': 'Code',
  'family.column.badge': 'Badge',
  'family.column.name': 'Name',
  'family.column.status': 'Status',
  'family.column.timeInStatus': 'Time in status',
  'family.legend': 'What the colors mean',
  'family.empty': 'Nobody is waiting right now.',
  // Patient board (screens/patient)
  'patient.nowCalling': 'Now calling',
  'patient.goTo': 'Please go to',
  'patient.calledAt': 'Called at {time}',
  'patient.recentCalls': 'Recent calls',
  'patient.noEarlierCalls': 'No earlier calls',
  'patient.welcome': 'Welcome',
  'patient.welcomeHint': 'Please take a seat. When it is your turn, you will be called on this screen.',
  'patient.notice': 'Notice',
  'patient.announcement': 'Announcement',
  'patient.soundBlocked': 'Sound blocked',
  'patient.soundBlockedHint': 'Click or press a key to turn on sound',
  // Assets PAR-level board (screens/assets-par-level)
  'assets.table': 'PAR levels',
  'assets.column.state': 'State',
  'assets.column.location': 'Location',
  'assets.column.assetType': 'Asset type',
  'assets.column.count': 'Count',
  'assets.column.par': 'PAR',
  'assets.range': '{min}–{max}',
  'assets.state.below': '{missing} short',
  'assets.state.above': '+{excess} over',
  'assets.state.within': 'Within PAR',
  'assets.summary.below':
    '{count, plural, =0 {No locations below PAR} one {# location below PAR} other {# locations below PAR}}',
  'assets.summary.above':
    '{count, plural, =0 {No locations above PAR} one {# location above PAR} other {# locations above PAR}}',
  'assets.summary.within': '{count, plural, one {# level within PAR} other {# levels within PAR}}',
  'assets.lastChange': 'Last change {time}',
  'assets.empty': 'No PAR levels are set for this board’s locations.',
});

export type MessageId = keyof typeof enUS;
export type Messages = Readonly<Record<MessageId, string>>;
