/** The equipment page's en-US texts (keys prefixed 'equipment.'). */
export const equipmentEnUS = {} as const;
