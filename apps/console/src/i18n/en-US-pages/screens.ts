/** The screens page's en-US texts (keys prefixed 'screens.'). */
export const screensEnUS = {} as const;
