import type { Migration } from 'kysely';
import * as sitesWorkflows from './0100-sites-workflows.ts';
import * as staffTags from './0101-staff-tags.ts';
import * as visits from './0102-visits.ts';
import * as assets from './0103-assets.ts';
import * as displayBoards from './0104-display-boards.ts';
import * as changeLog from './0105-change-log.ts';

/** The domain's migrations, named 0100-… and up so they run after core and identity. */
export const domainMigrations: Readonly<Record<string, Migration>> = Object.freeze({
  '0100-sites-workflows': sitesWorkflows,
  '0101-staff-tags': staffTags,
  '0102-visits': visits,
  '0103-assets': assets,
  '0104-display-boards': displayBoards,
  '0105-change-log': changeLog,
});
