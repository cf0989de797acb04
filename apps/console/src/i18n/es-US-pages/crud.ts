import type { crudEnUS } from '../en-US-pages/crud.ts';

/** The shared editor's texts in es-US: the same keys as en-US. */
export const crudEsUS: Readonly<Record<keyof typeof crudEnUS, string>> = {
  'crud.add': 'Agregar {thing}',
  'crud.edit': 'Editar {name}',
  'crud.delete': 'Eliminar {name}',
  'crud.addTitle': 'Agregar {thing}',
  'crud.editTitle': 'Editar {name}',
  'crud.deleteTitle': '¿Eliminar {name}?',
  'crud.deleteBody': '{name} se elimina para todos. No se puede deshacer.',
  'crud.save': 'Guardar',
  'crud.cancel': 'Cancelar',
  'crud.confirmDelete': 'Eliminar',
  'crud.actions': 'Acciones',
  'crud.empty': 'Todavía no hay nada aquí.',
  'crud.saved': 'Guardado.',
  'crud.none': 'Ninguno',
  'crud.tabs': 'Secciones',
};
