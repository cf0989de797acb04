export * from './config/customer-config.ts';
export * from './config/runtime-config.ts';
export * from './errors/catalogue.ts';
export * from './errors/envelope.ts';
