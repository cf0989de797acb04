import type { equipmentEnUS } from '../en-US-pages/equipment.ts';

/** The equipment page's es-US texts: the same keys as en-US. */
export const equipmentEsUS: Readonly<Record<keyof typeof equipmentEnUS, string>> = {
  'equipment.tabs': 'Secciones de equipos',
  'equipment.tab.assetTypes': 'Tipos de equipo',
  'equipment.tab.assets': 'Equipos',
  'equipment.tab.sensors': 'Sensores',
  'equipment.tab.parLevels': 'Niveles PAR',
  'equipment.field.name': 'Nombre',
  'equipment.field.assetType': 'Tipo de equipo',
  'equipment.field.tag': 'Etiqueta de equipo',
  'equipment.field.location': 'Ubicación',
  'equipment.field.identifier': 'Identificador',
  'equipment.field.identifierHelp': 'Lo que el sistema RTLS informa para este sensor.',
  'equipment.field.min': 'Mínimo',
  'equipment.field.max': 'Máximo',
  'equipment.nowhere': 'Sin seguimiento',
  'equipment.assetTypes.title': 'Tipos de equipo',
  'equipment.assetTypes.thing': 'tipo de equipo',
  'equipment.assets.title': 'Equipos',
  'equipment.assets.thing': 'equipo',
  'equipment.sensors.title': 'Sensores',
  'equipment.sensors.thing': 'sensor de ubicación',
  'equipment.parLevels.title': 'Niveles PAR en {location}',
  'equipment.parLevels.thing': 'nivel PAR',
  'equipment.parLevels.location': 'Ubicación de los niveles PAR',
  'equipment.parLevels.noLocation': 'Primero agregue una ubicación en Entorno de atención.',
} as const;
