import { Repeater } from '@repeaterjs/repeater';
import type { BoardAccess } from '../../identity/board-access.ts';
import { displayBoardNotFound } from '../boards/board-publisher.ts';
import type { LiveIdentity } from '../live-identity.ts';

/**
 * A board's stream for a caller who may read it: checked when subscribing and
 * again before each item, so a screen moved to another board stops getting
 * this one (its subscription ends not-found and the board app reloads). What a
 * screen may read comes from its device record (decision IDN-16); the
 * identity is the connection's current one (renewals included).
 */
export function guardBoardStream<T>(
  access: BoardAccess,
  identity: LiveIdentity,
  boardId: number,
  open: () => AsyncIterable<T>,
): AsyncIterable<T> {
  // A person reads every board of their customer, and a renewal cannot turn the connection
  // into a screen's: no per-frame work for them, only for screens.
  if (identity.principal.deviceId === undefined) return open();
  return new Repeater<T>(async (push, stop) => {
    if (!(await access.mayRead(identity.principal, boardId))) {
      stop(displayBoardNotFound(boardId));
      return;
    }
    const iterator = open()[Symbol.asyncIterator]();
    void stop.then(() => iterator.return?.());
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) break;
        if (!(await access.mayRead(identity.principal, boardId))) throw displayBoardNotFound(boardId);
        await push(next.value);
      }
      stop();
    } catch (error) {
      stop(error);
    } finally {
      await iterator.return?.();
    }
  });
}
