export * from './auth/scopes.ts';
export * from './config/customer-config.ts';
export * from './config/runtime-config.ts';
export * from './display-board/board-types.ts';
export * from './display-board/display-board-config.ts';
export * from './errors/catalogue.ts';
export * from './errors/envelope.ts';
export * from './graphql/display-board.ts';
