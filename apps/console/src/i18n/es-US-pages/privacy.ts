import type { privacyEnUS } from '../en-US-pages/privacy.ts';

/** The Users page's Privacy tab, es-US. */
export const privacyEsUS: Record<keyof typeof privacyEnUS, string> = {
  'users.tab.privacy': 'Privacidad',
  'privacy.retention.title': 'Cuánto tiempo se conservan los registros',
  'privacy.retention.help':
    'Pasados estos plazos, el servidor quita los nombres de los pacientes de las visitas completadas (las visitas se conservan para los promedios), elimina los mensajes guardados de las integraciones y elimina los eventos de auditoría.',
  'privacy.retention.visitNames': 'Nombres de las visitas completadas (días)',
  'privacy.retention.feedMessages': 'Mensajes guardados de las integraciones (días)',
  'privacy.retention.audit': 'Eventos de auditoría (años)',
  'privacy.retention.save': 'Guardar los plazos',
  'privacy.retention.saved': 'Los plazos de conservación están guardados.',
  'privacy.export.title': 'Exportar el registro de auditoría',
  'privacy.export.help':
    'Todos los eventos de auditoría del primer día al último, ambos incluidos (UTC), del más antiguo al más reciente.',
  'privacy.export.from': 'Desde',
  'privacy.export.to': 'Hasta',
  'privacy.export.format': 'Formato',
  'privacy.export.csv': 'CSV (hoja de cálculo)',
  'privacy.export.jsonl': 'Líneas JSON',
  'privacy.export.download': 'Descargar',
  'privacy.export.done': 'La exportación está descargada.',
};
