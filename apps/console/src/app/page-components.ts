import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ConsolePageId } from '../navigation/console-pages.ts';

/**
 * Each page is its own chunk, loaded when first opened: the first load carries
 * the shell only, whatever the pages grow to (decision CON-06).
 */
export const pageComponents: Readonly<Record<ConsolePageId, LazyExoticComponent<ComponentType>>> = {
  setup: lazy(() => import('../pages/setup/SetupPage.tsx').then((m) => ({ default: m.SetupPage }))),
  boards: lazy(() => import('../pages/boards/BoardsPage.tsx').then((m) => ({ default: m.BoardsPage }))),
  screens: lazy(() => import('../pages/screens/ScreensPage.tsx').then((m) => ({ default: m.ScreensPage }))),
  desk: lazy(() => import('../pages/desk/DeskPage.tsx').then((m) => ({ default: m.DeskPage }))),
  'care-setting': lazy(() =>
    import('../pages/care-setting/CareSettingPage.tsx').then((m) => ({ default: m.CareSettingPage })),
  ),
  equipment: lazy(() =>
    import('../pages/equipment/EquipmentPage.tsx').then((m) => ({ default: m.EquipmentPage })),
  ),
  users: lazy(() => import('../pages/users/UsersPage.tsx').then((m) => ({ default: m.UsersPage }))),
  integrations: lazy(() =>
    import('../pages/integrations/IntegrationsPage.tsx').then((m) => ({ default: m.IntegrationsPage })),
  ),
};
