import type { feedSettingsEnUS } from '../en-US-pages/feed-settings.ts';

/** The care setting's feed tabs, es-US: the same keys as en-US. */
export const feedSettingsEsUS: Readonly<Record<keyof typeof feedSettingsEnUS, string>> = {
  'careSetting.tab.feedRules': 'Reglas de las fuentes',
  'careSetting.tab.adtMapping': 'Asignación ADT',
  'feedRules.intro':
    'Cuando la credencial de un paciente entra en un lugar, su visita pasa a una fase. Una regla para una ubicación prevalece sobre una regla para su tipo.',
  'feedRules.workflow': 'Flujo de trabajo de las reglas',
  'feedRules.noWorkflow': 'Primero agregue un flujo de trabajo en la pestaña Flujos de trabajo.',
  'feedRules.title': 'Reglas de las fuentes de {name}',
  'feedRules.thing': 'regla de la fuente',
  'feedRules.field.place': 'Cuando la credencial de un paciente entra en',
  'feedRules.field.phase': 'Pasar la visita a la fase',
  'feedRules.place.kind': 'Cualquier ubicación de tipo {kind}',
  'feedRules.place.location': 'Ubicación {name}',
  'feedRules.ruleName': '{place} → fase {phase}',
  'adt.intro':
    'Los mensajes ADT de HL7 encuentran su cliente por el centro receptor (MSH-6) y su flujo de trabajo por el punto de atención (PV1-3.1).',
  'tags.silence.title': 'Etiquetas sin señal',
  'tags.silence.help':
    'Una etiqueta que el sistema RTLS no ha visto durante este tiempo queda sin señal: su gafete no se entrega a un paciente hasta que se vuelva a ver.',
  'tags.silence.field': 'Sin señal después de (minutos)',
  'tags.silence.save': 'Guardar el tiempo',
  'tags.silence.saved': 'El tiempo sin señal está guardado.',
  'adt.default.title': 'Flujo de trabajo ADT predeterminado',
  'adt.default.help':
    'Un paciente admitido cuyo punto de atención no corresponde a ningún flujo de trabajo entra en este flujo en su primera fase. Sin ninguno, esa admisión se rechaza.',
  'adt.default.field': 'Flujo de trabajo ADT predeterminado',
  'adt.default.none': 'Ninguno: rechazar las admisiones sin asignación',
  'adt.default.save': 'Guardar el flujo predeterminado',
  'adt.default.saved': 'El flujo de trabajo ADT predeterminado está guardado.',
  'adt.points.title': 'Puntos de atención',
  'adt.points.thing': 'punto de atención',
  'adt.field.pointOfCare': 'Punto de atención (PV1-3.1)',
  'adt.field.pointOfCareHelp': 'Exactamente como lo envía la historia clínica electrónica.',
  'adt.field.workflow': 'Flujo de trabajo',
  'adt.field.phase': 'Fase del traslado',
  'adt.field.phaseHelp':
    'Adónde pasa la visita un traslado A02 a este punto de atención; ninguna: deciden las reglas de la sala.',
  'adt.phaseOf': '{workflow}: fase {phase}',
  'adt.noPhase': 'Ninguna',
  'adt.facilities.title': 'Centros receptores',
  'adt.facilities.intro':
    'Los mensajes cuyo MSH-6 nombra uno de estos llegan a este cliente, solo de los remitentes indicados abajo.',
  'adt.facilities.thing': 'centro',
  'adt.field.facility': 'Centro (MSH-6)',
  'adt.field.addedAt': 'Agregado',
  'adt.field.senders': 'Remitentes',
  'adt.facilities.noSenders': 'Ninguno: rechaza todos los mensajes',
  'adt.senders.title': 'Remitentes',
  'adt.senders.thing': 'remitente',
  'adt.senders.intro':
    'Cada centro acepta mensajes solo de los remitentes indicados aquí, y solo desde sus direcciones. Cualquier otro mensaje se rechaza.',
  'adt.senders.any': 'Cualquiera',
  'adt.field.sendingApplication': 'Aplicación emisora (MSH-3)',
  'adt.field.sendingFacility': 'Centro emisor (MSH-4)',
  'adt.field.senderNameHelp': 'Exactamente como lo envía el motor de interfaces; en blanco: cualquiera.',
  'adt.field.addresses': 'Direcciones',
  'adt.field.addressesHelp':
    'Direcciones o rangos CIDR desde los que se conecta el motor, separados por comas: 10.20.0.0/16, 10.1.2.3',
} as const;
