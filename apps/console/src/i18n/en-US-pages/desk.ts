/** The desk page's en-US texts (keys prefixed 'desk.'). */
export const deskEnUS = {} as const;
