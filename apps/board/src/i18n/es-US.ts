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
  'family.column.code': 'Código',
  'family.column.badge': 'Credencial',
  'family.column.name': 'Nombre',
  'family.column.status': 'Estado',
  'family.column.timeInStatus': 'Tiempo en estado',
  'family.legend': 'Qué significan los colores',
  'family.empty': 'No hay nadie en espera en este momento.',
  // Patient board (screens/patient)
  'patient.nowCalling': 'Llamando ahora',
  'patient.goTo': 'Diríjase a',
  'patient.calledAt': 'Llamado a las {time}',
  'patient.recentCalls': 'Llamados recientes',
  'patient.noEarlierCalls': 'No hay llamados anteriores',
  'patient.welcome': 'Bienvenido',
  'patient.welcomeHint': 'Tome asiento, por favor. Cuando sea su turno, lo llamaremos en esta pantalla.',
  'patient.notice': 'Aviso',
  'patient.announcement': 'Anuncio',
  'patient.soundBlocked': 'Sonido bloqueado',
  'patient.soundBlockedHint': 'Haga clic o pulse una tecla para activar el sonido',
  // Assets PAR-level board (screens/assets-par-level)
  'assets.table': 'Niveles PAR',
  'assets.column.state': 'Estado',
  'assets.column.location': 'Ubicación',
  'assets.column.assetType': 'Tipo de equipo',
  'assets.column.count': 'Cantidad',
  'assets.column.par': 'PAR',
  'assets.range': '{min}–{max}',
  'assets.state.below': 'Faltan: {missing}',
  'assets.state.above': 'Sobran: +{excess}',
  'assets.state.within': 'Dentro del PAR',
  'assets.summary.below':
    '{count, plural, =0 {Ninguna ubicación bajo el PAR} one {# ubicación bajo el PAR} other {# ubicaciones bajo el PAR}}',
  'assets.summary.above':
    '{count, plural, =0 {Ninguna ubicación sobre el PAR} one {# ubicación sobre el PAR} other {# ubicaciones sobre el PAR}}',
  'assets.summary.within': '{count, plural, one {# nivel dentro del PAR} other {# niveles dentro del PAR}}',
  'assets.lastChange': 'Último cambio {time}',
  'assets.empty': 'No hay niveles PAR para las ubicaciones de este tablero.',
});
