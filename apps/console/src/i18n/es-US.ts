import type { Messages } from './en-US.ts';
import { boardsEsUS } from './es-US-pages/boards.ts';
import { careSettingEsUS } from './es-US-pages/care-setting.ts';
import { crudEsUS } from './es-US-pages/crud.ts';
import { deskEsUS } from './es-US-pages/desk.ts';
import { equipmentEsUS } from './es-US-pages/equipment.ts';
import { feedSettingsEsUS } from './es-US-pages/feed-settings.ts';
import { integrationsEsUS } from './es-US-pages/integrations.ts';
import { privacyEsUS } from './es-US-pages/privacy.ts';
import { screensEsUS } from './es-US-pages/screens.ts';
import { setupEsUS } from './es-US-pages/setup.ts';
import { signInEsUS } from './es-US-pages/sign-in.ts';
import { usersEsUS } from './es-US-pages/users.ts';

/** US Spanish, loaded only when the customer's locale asks for it (load-messages.ts). */
export const esUS: Messages = Object.freeze({
  'app.name': 'Consola de Careboard',
  'app.loading': 'Cargando',
  'error.unexpected': 'Se produjo un error inesperado.',
  'auth.signingIn': 'Iniciando sesión…',
  'auth.signOut': 'Cerrar sesión',
  'auth.noPermission': 'No tiene permisos para acceder a esta sección.',
  'shell.version': 'Versión {version}',
  'shell.customer': 'Cliente: {customer}',
  'shell.signedInAs': 'Sesión iniciada como {name}',
  'shell.navigation': 'Secciones de la consola',
  'shell.skipToContent': 'Saltar al contenido',
  'shell.noPages': 'Su rol no tiene páginas en la consola. Pida acceso a un administrador.',
  'shell.notFound': 'Esa página no existe en la consola.',
  'nav.setup': 'Configuración inicial',
  'nav.boards': 'Tableros',
  'nav.screens': 'Pantallas',
  'nav.desk': 'Recepción',
  'nav.careSetting': 'Entorno de atención',
  'nav.equipment': 'Equipos',
  'nav.users': 'Usuarios',
  'page.setup.description':
    'Un recorrido guiado desde un cliente vacío hasta un tablero en vivo: sede y zona horaria, departamento, flujo de trabajo y fases, ubicaciones y estaciones, un tablero y, por último, vincular una pantalla con su código.',
  'page.boards.description':
    'Todos los campos de cada tablero: columnas, estilo de visualización y rotación, tono y anuncio, con una vista previa en vivo del tablero real junto al formulario.',
  'page.screens.description':
    'Las pantallas, en vivo: en línea o sin conexión, el tablero que muestra cada una, ubicación, última conexión y versión; cambiar el nombre, mostrar otro tablero, recargar, revocar, vincular con un código.',
  'page.desk.description':
    'Los pacientes de hoy por flujo de trabajo, en vivo: admitir con una credencial, pasar a una fase, llamar a una estación, completar y enviar mensajes a los tableros.',
  'page.careSetting.description':
    'Sedes, departamentos, flujos de trabajo y sus fases, ubicaciones, estaciones, personal y etiquetas; las reglas de los flujos de datos y la correspondencia ADT.',
  'page.equipment.description': 'Tipos de equipo, equipos y sus sensores, y niveles PAR por ubicación.',
  'page.users.description':
    'Las personas que inician sesión: invitar o agregar con un rol, cambiar un rol, desactivar.',
  'action.pending': '{action}: enviando…',
  'action.done': '{action}: hecho.',
  ...crudEsUS,
  ...setupEsUS,
  ...boardsEsUS,
  ...screensEsUS,
  ...deskEsUS,
  ...careSettingEsUS,
  ...equipmentEsUS,
  ...usersEsUS,
  ...privacyEsUS,
  ...signInEsUS,
  ...feedSettingsEsUS,
  ...integrationsEsUS,
});
