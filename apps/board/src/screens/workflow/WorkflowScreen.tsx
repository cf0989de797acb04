import { useBoardConfig } from '../../board/use-display-board.ts';

/** Placeholder until the workflow board is built: shows the board's name. */
export function WorkflowScreen() {
  const config = useBoardConfig();
  return (
    <main className="board-screen" data-board-type="workflow">
      <h1>{config?.name}</h1>
    </main>
  );
}
