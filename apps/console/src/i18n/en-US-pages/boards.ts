/** The boards page's en-US texts (keys prefixed 'boards.'). */
export const boardsEnUS = {} as const;
