/** The setup page's en-US texts (keys prefixed 'setup.'). */
export const setupEnUS = {} as const;
