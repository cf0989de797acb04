import { BOARD_SCOPE } from '@careboard/contracts';
import { RequireAuth } from '../auth/guards/RequireAuth.tsx';
import { RequireScope } from '../auth/guards/RequireScope.tsx';
import { BoardRoot } from '../board/BoardRoot.tsx';
import { DeviceCommands } from '../board/device/DeviceCommands.tsx';
import { RequireConnection } from '../live/RequireConnection.tsx';

const rootScopes = [BOARD_SCOPE];

/**
 * The root route: authentication, then the access:display-board scope, then the live
 * connection; a screen also follows its device record (BOF-44).
 */
export function GuardedRoot() {
  return (
    <RequireAuth>
      <RequireScope scopes={rootScopes}>
        <RequireConnection>
          <DeviceCommands />
          <BoardRoot />
        </RequireConnection>
      </RequireScope>
    </RequireAuth>
  );
}
