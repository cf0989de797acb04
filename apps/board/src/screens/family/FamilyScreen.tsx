import { useBoardConfig } from '../../board/use-display-board.ts';

/** Placeholder until the family board is built: shows the board's name. */
export function FamilyScreen() {
  const config = useBoardConfig();
  return (
    <main className="board-screen" data-board-type="family">
      <h1>{config?.name}</h1>
    </main>
  );
}
