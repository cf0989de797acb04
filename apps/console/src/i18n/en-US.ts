import { boardsEnUS } from './en-US-pages/boards.ts';
import { careSettingEnUS } from './en-US-pages/care-setting.ts';
import { crudEnUS } from './en-US-pages/crud.ts';
import { deskEnUS } from './en-US-pages/desk.ts';
import { equipmentEnUS } from './en-US-pages/equipment.ts';
import { feedSettingsEnUS } from './en-US-pages/feed-settings.ts';
import { integrationsEnUS } from './en-US-pages/integrations.ts';
import { privacyEnUS } from './en-US-pages/privacy.ts';
import { screensEnUS } from './en-US-pages/screens.ts';
import { setupEnUS } from './en-US-pages/setup.ts';
import { signInEnUS } from './en-US-pages/sign-in.ts';
import { usersEnUS } from './en-US-pages/users.ts';

/**
 * The console's en-US catalogue: every text exists here. The navigation labels
 * are also the links' accessible names, a contract the browser tests rely on
 * (product.md §9): Setup, Boards, Screens, Desk, Care setting, Equipment, Users.
 */
export const enUS = Object.freeze({
  'app.name': 'Careboard Console',
  'app.loading': 'Loading',
  'error.unexpected': 'There was an unexpected error.',
  'auth.signingIn': 'Signing in…',
  'auth.signOut': 'Sign out',
  'auth.noPermission': 'You do not have permissions to access this section.',
  'shell.version': 'Version {version}',
  'shell.customer': 'Customer: {customer}',
  'shell.signedInAs': 'Signed in as {name}',
  'shell.navigation': 'Console sections',
  'shell.skipToContent': 'Skip to content',
  'shell.noPages': 'Your role has no console pages. Ask an administrator for access.',
  'shell.notFound': 'There is no such page in the console.',
  'nav.setup': 'Setup',
  'nav.boards': 'Boards',
  'nav.screens': 'Screens',
  'nav.desk': 'Desk',
  'nav.careSetting': 'Care setting',
  'nav.equipment': 'Equipment',
  'nav.users': 'Users',
  'page.setup.description':
    'A guided path from an empty customer to a live board: site and time zone, department, workflow and phases, locations and stations, a board, then pairing a screen by its code.',
  'page.boards.description':
    'Every field of each board: columns, display style and rotation, tone and announcement, with a live preview of the real board beside the form.',
  'page.screens.description':
    'The screens, live: online or offline, the board each shows, location, last seen and app version; rename, show another board, reload, revoke, pair by code.',
  'page.desk.description':
    "Today's patients per workflow, live: admit with a badge, move to a phase, call to a station, complete, and send messages to boards.",
  'page.careSetting.description':
    'Sites, departments, workflows and their phases, locations, stations, staff and tags; the feed rules and the ADT mapping.',
  'page.equipment.description': 'Asset types, assets and their sensors, and PAR levels per location.',
  'page.users.description': 'People who sign in: invite or add with a role, change a role, disable.',
  'action.pending': '{action}: sending…',
  'action.done': '{action}: done.',
  ...crudEnUS,
  ...setupEnUS,
  ...boardsEnUS,
  ...screensEnUS,
  ...deskEnUS,
  ...careSettingEnUS,
  ...equipmentEnUS,
  ...usersEnUS,
  ...privacyEnUS,
  ...signInEnUS,
  ...feedSettingsEnUS,
  ...integrationsEnUS,
});

export type MessageId = keyof typeof enUS;
export type Messages = Readonly<Record<MessageId, string>>;
