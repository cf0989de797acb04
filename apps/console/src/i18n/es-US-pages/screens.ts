import type { screensEnUS } from '../en-US-pages/screens.ts';

/** The screens page's es-US texts: the same keys as en-US. */
export const screensEsUS: Readonly<Record<keyof typeof screensEnUS, string>> = {};
