import type { usersEnUS } from '../en-US-pages/users.ts';

/** The users page's es-US texts: the same keys as en-US. */
export const usersEsUS: Readonly<Record<keyof typeof usersEnUS, string>> = {
  'users.title': 'Personas que inician sesión',
  'users.thing': 'usuario',
  'users.field.name': 'Nombre',
  'users.field.email': 'Correo electrónico',
  'users.field.role': 'Rol',
  'users.field.roleHelp': 'Nadie puede dar un rol superior al suyo; el servidor lo rechaza.',
  'users.field.password': 'Contraseña (opcional)',
  'users.field.passwordHelp':
    'Al menos 12 caracteres. Déjela en blanco para generar una que se muestra una sola vez.',
  'users.field.disabled': 'Desactivado (no puede iniciar sesión)',
  'users.field.status': 'Estado',
  'users.field.created': 'Agregado',
  'users.role.admin': 'Administrador',
  'users.role.staff': 'Personal',
  'users.role.visitor': 'Visitante',
  'users.active': 'Activo',
  'users.disabled': 'Desactivado',
  'users.generatedPassword': 'Entregue ahora esta contraseña a {name}; no se vuelve a mostrar: {password}',
  'users.dismiss': 'Ocultar contraseña',
  'users.tabs': 'Secciones de usuarios',
  'users.tab.people': 'Personas',
  'users.tab.signIn': 'Inicio de sesión',
};
