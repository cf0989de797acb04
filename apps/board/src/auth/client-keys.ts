import { clientKeys } from '@careboard/web-client';

/**
 * The names the board has always kept its tokens under (decision CON-15). Apart
 * from auth-flow.ts, which the boot screen needs before the app shell loads.
 */
export const boardClientKeys = clientKeys('careboard');
