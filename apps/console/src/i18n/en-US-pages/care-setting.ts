/** The care-setting page's en-US texts (keys prefixed 'careSetting.'). */
export const careSettingEnUS = {} as const;
