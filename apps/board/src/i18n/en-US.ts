/**
 * The complete en-US catalogue. The specification's texts (sections 2, 5 and 8)
 * are word for word; the others are ours (labels for assistive technology).
 */
export const enUS = Object.freeze({
  'error.unexpected': 'There was an unexpected error.',
  'board.missingId': 'Missing ID in url.',
  'board.notFound': 'Display board does not exist.',
  'auth.noPermission': 'You do not have permissions to access this section.',
  'action.close': 'Close',
  'device.activate': 'To activate this device use the following code: {code}',
  'device.restart': 'Authentication flow will restart automatically in 20 seconds.',
  'device.accessDenied': 'The user or authorization server denied the transaction.',
  'device.expiredToken': 'The user has not authorized the device quickly enough.',
  'device.activationLink': 'Open the activation page',
  'device.qrCode': 'QR code of the activation address',
  'device.logo': 'Careboard',
  'loading.label': 'Loading',
  // Board chrome (ui/board-chrome, ui/time, board/paging)
  'board.connecting': 'Connecting',
  'board.live': 'Live',
  'board.offline': 'Offline',
  'board.reconnecting': 'Reconnecting — data as of {time}',
  'board.page': 'Page {page} of {count}',
  // Workflow board (screens/workflow)
  // Family board (screens/family)
  // Patient board (screens/patient)
  // Assets PAR-level board (screens/assets-par-level)
});

export type MessageId = keyof typeof enUS;
export type Messages = Readonly<Record<MessageId, string>>;
