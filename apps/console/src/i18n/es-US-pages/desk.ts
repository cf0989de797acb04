import type { deskEnUS } from '../en-US-pages/desk.ts';

/** The desk page's es-US texts: the same keys as en-US. */
export const deskEsUS: Readonly<Record<keyof typeof deskEnUS, string>> = {};
