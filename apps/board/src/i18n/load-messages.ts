import { createCatalogueLoader } from '@careboard/web-client';
import { enUS } from './compiled/en-US.ts';
import type { CompiledMessages } from './compiled-messages.ts';

/**
 * The board's catalogues, compiled (src/i18n/compiled/): the app ships no ICU message parser.
 * es-US is its own chunk, loaded only for a customer whose locale asks for it.
 */
export const { catalogueLocaleFor, loadMessages } = createCatalogueLoader<CompiledMessages>(enUS, {
  'es-US': () => import('./compiled/es-US.ts').then((module) => module.esUS),
});
