import { useBoardConfig } from '../../board/use-display-board.ts';

/** Placeholder until the assets-par-level board is built: shows the board's name. */
export function AssetsParLevelScreen() {
  const config = useBoardConfig();
  return (
    <main className="board-screen" data-board-type="assets-par-level">
      <h1>{config?.name}</h1>
    </main>
  );
}
