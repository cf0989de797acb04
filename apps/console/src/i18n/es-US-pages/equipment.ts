import type { equipmentEnUS } from '../en-US-pages/equipment.ts';

/** The equipment page's es-US texts: the same keys as en-US. */
export const equipmentEsUS: Readonly<Record<keyof typeof equipmentEnUS, string>> = {};
