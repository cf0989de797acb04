// Generated from ../es-US.ts by scripts/compile-messages.ts (npm run build): do not edit.
import type { CompiledMessages } from '../compiled-messages.ts';

export const esUS: CompiledMessages = {
  'error.unexpected': [{ type: 0, value: 'Se produjo un error inesperado.' }],
  'board.missingId': [{ type: 0, value: 'Falta el ID en la URL.' }],
  'board.notFound': [{ type: 0, value: 'El tablero no existe.' }],
  'auth.noPermission': [{ type: 0, value: 'No tiene permisos para acceder a esta sección.' }],
  'action.close': [{ type: 0, value: 'Cerrar' }],
  'device.activate': [
    { type: 0, value: 'Para activar este dispositivo use el siguiente código: ' },
    { type: 1, value: 'code' },
  ],
  'device.restart': [
    { type: 0, value: 'El proceso de autenticación se reiniciará automáticamente en 20 segundos.' },
  ],
  'device.accessDenied': [
    { type: 0, value: 'El usuario o el servidor de autorización rechazó la transacción.' },
  ],
  'device.expiredToken': [{ type: 0, value: 'El usuario no autorizó el dispositivo a tiempo.' }],
  'device.activationLink': [{ type: 0, value: 'Abrir la página de activación' }],
  'device.qrCode': [{ type: 0, value: 'Código QR de la dirección de activación' }],
  'device.logo': [{ type: 0, value: 'Careboard' }],
  'loading.label': [{ type: 0, value: 'Cargando' }],
  'board.connecting': [{ type: 0, value: 'Conectando' }],
  'board.live': [{ type: 0, value: 'En vivo' }],
  'board.offline': [{ type: 0, value: 'Sin conexión' }],
  'board.reconnecting': [
    { type: 0, value: 'Reconectando — datos de las ' },
    { type: 1, value: 'time' },
  ],
  'board.page': [
    { type: 0, value: 'Página ' },
    { type: 1, value: 'page' },
    { type: 0, value: ' de ' },
    { type: 1, value: 'count' },
  ],
};
