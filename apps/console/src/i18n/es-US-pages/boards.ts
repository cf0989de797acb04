import type { boardsEnUS } from '../en-US-pages/boards.ts';

/** The boards page's es-US texts: the same keys as en-US. */
export const boardsEsUS: Readonly<Record<keyof typeof boardsEnUS, string>> = {};
