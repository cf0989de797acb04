import type { ScopedAction } from '@careboard/contracts';
import type { MessageId } from '../i18n/en-US.ts';

export type ConsolePageId =
  | 'setup'
  | 'boards'
  | 'screens'
  | 'desk'
  | 'care-setting'
  | 'equipment'
  | 'users'
  | 'integrations';

export interface ConsolePage {
  readonly id: ConsolePageId;
  /** Below the console's base (/console/). */
  readonly path: string;
  /** The navigation label, which is also the link's accessible name (a contract, product.md §9). */
  readonly label: MessageId;
  readonly description: MessageId;
  /**
   * The actions whose scopes a token needs for the page to show (decision CON-02):
   * the reads of what the page lists; Setup, which only writes, the writes it makes.
   * The server stays the authority: a hidden page is a convenience, not a guard.
   */
  readonly requires: readonly ScopedAction[];
}

/** Every console page, in navigation order. */
export const consolePages: readonly ConsolePage[] = Object.freeze([
  {
    id: 'setup',
    path: 'setup',
    label: 'nav.setup',
    description: 'page.setup.description',
    requires: ['setting.write', 'display-board.configure', 'device.write'],
  },
  {
    id: 'boards',
    path: 'boards',
    label: 'nav.boards',
    description: 'page.boards.description',
    requires: ['display-board.read'],
  },
  {
    id: 'screens',
    path: 'screens',
    label: 'nav.screens',
    description: 'page.screens.description',
    requires: ['device.read'],
  },
  {
    id: 'desk',
    path: 'desk',
    label: 'nav.desk',
    description: 'page.desk.description',
    requires: ['department.read', 'patient.read'],
  },
  {
    id: 'care-setting',
    path: 'care-setting',
    label: 'nav.careSetting',
    description: 'page.careSetting.description',
    requires: ['site.read', 'department.read', 'station.read', 'staff.read', 'tag.read'],
  },
  {
    id: 'equipment',
    path: 'equipment',
    label: 'nav.equipment',
    description: 'page.equipment.description',
    requires: ['equipment.read'],
  },
  {
    id: 'users',
    path: 'users',
    label: 'nav.users',
    description: 'page.users.description',
    requires: ['user.read'],
  },
  {
    // The feeds' health is the customer's admins' (as the audit log), and rotating the webhook
    // secret a configuration write (decision FEED-40).
    id: 'integrations',
    path: 'integrations',
    label: 'nav.integrations',
    description: 'page.integrations.description',
    requires: ['customer.update', 'setting.write'],
  },
] satisfies ConsolePage[]);
