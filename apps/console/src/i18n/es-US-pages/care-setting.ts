import type { careSettingEnUS } from '../en-US-pages/care-setting.ts';

/** The care-setting page's es-US texts: the same keys as en-US. */
export const careSettingEsUS: Readonly<Record<keyof typeof careSettingEnUS, string>> = {};
