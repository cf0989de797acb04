/** The users page's en-US texts (keys prefixed 'users.'). */
export const usersEnUS = {} as const;
