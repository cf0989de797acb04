import { type ErrorCode, PAR_LEVELS_ENTITY } from '@careboard/contracts';

type Params = Readonly<Record<string, string | number>>;

/**
 * US Spanish for every code of the error catalogue (decision CON-17). Typed by
 * ErrorCode, so a code added to the catalogue fails the type check until it is
 * translated here. Entity and field names come from the server in English.
 */
export const errorTextsEsUS: Readonly<Record<ErrorCode, (p: Params) => string>> = Object.freeze({
  DUPLICATE_KEY: (p) =>
    p.entity === PAR_LEVELS_ENTITY
      ? 'Estos niveles PAR ya existen.'
      : `${p.entity} con ${p.field} "${p.value}" ya existe.`,
  ENTITY_NOT_FOUND: (p) => `No se encontró ${p.entity} con id ${p.id}.`,
  NO_MASTER_ENTITY_FOUND: (p) => `No se encontró ${p.entity} con ${p.field} "${p.value}".`,
  TAG_IS_IN_USE: (p) =>
    p.kind === 'Badge'
      ? 'Esta credencial está en uso en este momento.'
      : 'Esta etiqueta está en uso en este momento.',
  SENSOR_IS_IN_USE: (p) => `El sensor ${p.value} ya existe en ${p.location}.`,
  ASSET_TYPE_IS_IN_USE: () => 'No se puede completar la acción: el tipo de activo está en uso.',
  IS_NOT_VALID: (p) => `${p.field} no es válido.`,
  IS_REQUIRED: (p) => `${p.field} es un valor obligatorio.`,
  MAX_LENGTH: (p) => `${p.field} supera los ${p.limit} caracteres.`,
  USER_LEVEL_IS_NOT_VALID: () => 'No tiene permisos para asignar este nivel de usuario',
  WORKFLOW_HAS_ACTIVE_PATIENTS: () =>
    'La acción no se puede completar porque hay pacientes activos en el flujo de trabajo.',
  TAG_IS_NON_REPORTING: () => 'Esta etiqueta no está reportando. Seleccione otra.',
  TAG_HAS_LOW_BATTERY: () => 'Esta etiqueta tiene la batería baja. Seleccione otra.',
  AUTH0_API_USER_CREATE_CONFLICT: () => 'El correo electrónico ya está en uso.',
  INTERNAL_SERVER_ERROR: () => 'Error interno del servidor.',
  UNAUTHORIZED: () => 'Se requiere autenticación.',
  FORBIDDEN: () => 'No tiene permisos para acceder a esta sección.',
  XSRF_TOKEN_INVALID: () => 'El token antifalsificación falta o no coincide.',
  ROUTE_NOT_FOUND: (p) => `No existe ${p.method} ${p.path}.`,
  PAYLOAD_TOO_LARGE: (p) => `El cuerpo de la solicitud supera los ${p.limit} bytes.`,
  TOO_MANY_REQUESTS: (p) => `Demasiadas solicitudes. Vuelva a intentarlo en ${p.seconds} segundos.`,
  SERVICE_UNAVAILABLE: () => 'El servicio no está listo.',
  IDP_METADATA_NOT_VALID: (p) => `Los metadatos del proveedor de identidad no se pueden usar: ${p.reason}`,
  OUT_OF_RANGE: (p) => `${p.field} debe ser un número entero de ${p.min} a ${p.max}.`,
  DATE_RANGE_NOT_VALID: (p) =>
    `Las fechas de ${p.from} a ${p.to} no forman un intervalo: indique dos fechas, la primera no posterior a la segunda.`,
});
