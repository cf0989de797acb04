import type { Messages } from './en-US.ts';

/** US Spanish: proves the catalogue mechanism; loaded only when the customer's locale asks for it. */
export const esUS: Messages = Object.freeze({
  'error.unexpected': 'Se produjo un error inesperado.',
  'board.missingId': 'Falta el ID en la URL.',
  'board.notFound': 'El tablero no existe.',
  'auth.noPermission': 'No tiene permisos para acceder a esta sección.',
  'action.close': 'Cerrar',
  'device.activate': 'Para activar este dispositivo use el siguiente código: {code}',
  'device.restart': 'El proceso de autenticación se reiniciará automáticamente en 20 segundos.',
  'device.accessDenied': 'El usuario o el servidor de autorización rechazó la transacción.',
  'device.expiredToken': 'El usuario no autorizó el dispositivo a tiempo.',
  'device.activationLink': 'Abrir la página de activación',
  'device.qrCode': 'Código QR de la dirección de activación',
  'device.logo': 'Careboard',
  'loading.label': 'Cargando',
  // Board chrome (ui/board-chrome, ui/time, board/paging)
  'board.connecting': 'Conectando',
  'board.live': 'En vivo',
  'board.offline': 'Sin conexión',
  'board.reconnecting': 'Reconectando — datos de las {time}',
  'board.page': 'Página {page} de {count}',
  // Workflow board (screens/workflow)
  // Family board (screens/family)
  // Patient board (screens/patient)
  // Assets PAR-level board (screens/assets-par-level)
});
