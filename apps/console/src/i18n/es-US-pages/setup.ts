import type { setupEnUS } from '../en-US-pages/setup.ts';

/** The setup page's es-US texts: the same keys as en-US. */
export const setupEsUS: Readonly<Record<keyof typeof setupEnUS, string>> = {};
