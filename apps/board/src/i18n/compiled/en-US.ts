// Generated from ../en-US.ts by scripts/compile-messages.ts (npm run build): do not edit.
import type { CompiledMessages } from '../compiled-messages.ts';

export const enUS: CompiledMessages = {
  'error.unexpected': [{ type: 0, value: 'There was an unexpected error.' }],
  'board.missingId': [{ type: 0, value: 'Missing ID in url.' }],
  'board.notFound': [{ type: 0, value: 'Display board does not exist.' }],
  'auth.noPermission': [{ type: 0, value: 'You do not have permissions to access this section.' }],
  'action.close': [{ type: 0, value: 'Close' }],
  'device.activate': [
    { type: 0, value: 'To activate this device use the following code: ' },
    { type: 1, value: 'code' },
  ],
  'device.restart': [{ type: 0, value: 'Authentication flow will restart automatically in 20 seconds.' }],
  'device.accessDenied': [{ type: 0, value: 'The user or authorization server denied the transaction.' }],
  'device.expiredToken': [{ type: 0, value: 'The user has not authorized the device quickly enough.' }],
  'device.activationLink': [{ type: 0, value: 'Open the activation page' }],
  'device.qrCode': [{ type: 0, value: 'QR code of the activation address' }],
  'device.logo': [{ type: 0, value: 'Careboard' }],
  'loading.label': [{ type: 0, value: 'Loading' }],
  'board.connecting': [{ type: 0, value: 'Connecting' }],
  'board.live': [{ type: 0, value: 'Live' }],
  'board.offline': [{ type: 0, value: 'Offline' }],
  'board.reconnecting': [
    { type: 0, value: 'Reconnecting — data as of ' },
    { type: 1, value: 'time' },
  ],
  'board.page': [
    { type: 0, value: 'Page ' },
    { type: 1, value: 'page' },
    { type: 0, value: ' of ' },
    { type: 1, value: 'count' },
  ],
};
