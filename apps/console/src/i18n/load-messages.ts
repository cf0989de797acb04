import { createCatalogueLoader } from '@careboard/web-client';
import { enUS, type Messages } from './en-US.ts';

/** The console's catalogues: es-US is its own chunk, so the first load carries only one (CON-05). */
export const { catalogueLocaleFor, loadMessages } = createCatalogueLoader<Messages>(enUS, {
  'es-US': () => import('./es-US.ts').then((module) => module.esUS),
});
