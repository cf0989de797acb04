import type { usersEnUS } from '../en-US-pages/users.ts';

/** The users page's es-US texts: the same keys as en-US. */
export const usersEsUS: Readonly<Record<keyof typeof usersEnUS, string>> = {};
