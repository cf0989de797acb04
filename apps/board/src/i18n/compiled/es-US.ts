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
  'device.address': [
    { type: 0, value: 'Ingrese el código en ' },
    { type: 1, value: 'address' },
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
  'workflow.column.badge_label': [{ type: 0, value: 'Credencial' }],
  'workflow.column.display_name': [{ type: 0, value: 'Paciente' }],
  'workflow.column.phase': [{ type: 0, value: 'Fase' }],
  'workflow.column.location': [{ type: 0, value: 'Ubicación' }],
  'workflow.column.station': [{ type: 0, value: 'Puesto' }],
  'workflow.column.time_in_phase': [{ type: 0, value: 'Tiempo en fase' }],
  'workflow.column.estimated_duration': [{ type: 0, value: 'Estimado' }],
  'workflow.column.avg_duration': [{ type: 0, value: 'Promedio hoy' }],
  'workflow.column.staff': [{ type: 0, value: 'Personal' }],
  'workflow.overdue': [{ type: 0, value: 'Retrasado' }],
  'workflow.estimate': [
    { type: 0, value: 'Estimado ' },
    { type: 1, value: 'duration' },
  ],
  'workflow.average': [
    { type: 0, value: 'Promedio hoy ' },
    { type: 1, value: 'duration' },
  ],
  'workflow.patients': [
    {
      type: 6,
      value: 'count',
      options: {
        one: { value: [{ type: 7 }, { type: 0, value: ' paciente' }] },
        other: { value: [{ type: 7 }, { type: 0, value: ' pacientes' }] },
      },
      offset: 0,
      pluralType: 'cardinal',
    },
  ],
  'workflow.empty': [{ type: 0, value: 'No hay pacientes en este momento.' }],
  'family.column.code': [{ type: 0, value: 'Código' }],
  'family.column.badge': [{ type: 0, value: 'Credencial' }],
  'family.column.name': [{ type: 0, value: 'Nombre' }],
  'family.column.status': [{ type: 0, value: 'Estado' }],
  'family.column.timeInStatus': [{ type: 0, value: 'Tiempo en estado' }],
  'family.legend': [{ type: 0, value: 'Qué significan los colores' }],
  'family.empty': [{ type: 0, value: 'No hay nadie en espera en este momento.' }],
  'patient.nowCalling': [{ type: 0, value: 'Llamando ahora' }],
  'patient.goTo': [{ type: 0, value: 'Diríjase a' }],
  'patient.calledAt': [
    { type: 0, value: 'Llamado a las ' },
    { type: 1, value: 'time' },
  ],
  'patient.recentCalls': [{ type: 0, value: 'Llamados recientes' }],
  'patient.noEarlierCalls': [{ type: 0, value: 'No hay llamados anteriores' }],
  'patient.welcome': [{ type: 0, value: 'Bienvenido' }],
  'patient.welcomeHint': [
    { type: 0, value: 'Tome asiento, por favor. Cuando sea su turno, lo llamaremos en esta pantalla.' },
  ],
  'patient.notice': [{ type: 0, value: 'Aviso' }],
  'patient.announcement': [{ type: 0, value: 'Anuncio' }],
  'patient.soundBlocked': [{ type: 0, value: 'Sonido bloqueado' }],
  'patient.soundBlockedHint': [{ type: 0, value: 'Haga clic o pulse una tecla para activar el sonido' }],
  'assets.table': [{ type: 0, value: 'Niveles PAR' }],
  'assets.column.state': [{ type: 0, value: 'Estado' }],
  'assets.column.location': [{ type: 0, value: 'Ubicación' }],
  'assets.column.assetType': [{ type: 0, value: 'Tipo de equipo' }],
  'assets.column.count': [{ type: 0, value: 'Cantidad' }],
  'assets.column.par': [{ type: 0, value: 'PAR' }],
  'assets.range': [
    { type: 1, value: 'min' },
    { type: 0, value: '–' },
    { type: 1, value: 'max' },
  ],
  'assets.state.below': [
    { type: 0, value: 'Faltan: ' },
    { type: 1, value: 'missing' },
  ],
  'assets.state.above': [
    { type: 0, value: 'Sobran: +' },
    { type: 1, value: 'excess' },
  ],
  'assets.state.within': [{ type: 0, value: 'Dentro del PAR' }],
  'assets.summary.below': [
    {
      type: 6,
      value: 'count',
      options: {
        '=0': { value: [{ type: 0, value: 'Ninguna ubicación bajo el PAR' }] },
        one: { value: [{ type: 7 }, { type: 0, value: ' ubicación bajo el PAR' }] },
        other: { value: [{ type: 7 }, { type: 0, value: ' ubicaciones bajo el PAR' }] },
      },
      offset: 0,
      pluralType: 'cardinal',
    },
  ],
  'assets.summary.above': [
    {
      type: 6,
      value: 'count',
      options: {
        '=0': { value: [{ type: 0, value: 'Ninguna ubicación sobre el PAR' }] },
        one: { value: [{ type: 7 }, { type: 0, value: ' ubicación sobre el PAR' }] },
        other: { value: [{ type: 7 }, { type: 0, value: ' ubicaciones sobre el PAR' }] },
      },
      offset: 0,
      pluralType: 'cardinal',
    },
  ],
  'assets.summary.within': [
    {
      type: 6,
      value: 'count',
      options: {
        one: { value: [{ type: 7 }, { type: 0, value: ' nivel dentro del PAR' }] },
        other: { value: [{ type: 7 }, { type: 0, value: ' niveles dentro del PAR' }] },
      },
      offset: 0,
      pluralType: 'cardinal',
    },
  ],
  'assets.lastChange': [
    { type: 0, value: 'Último cambio ' },
    { type: 1, value: 'time' },
  ],
  'assets.empty': [{ type: 0, value: 'No hay niveles PAR para las ubicaciones de este tablero.' }],
};
