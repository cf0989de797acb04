import { useBoardConfig } from '../../board/use-display-board.ts';

/** Placeholder until the patient board is built: shows the board's name. */
export function PatientScreen() {
  const config = useBoardConfig();
  return (
    <main className="board-screen" data-board-type="patient">
      <h1>{config?.name}</h1>
    </main>
  );
}
