/** The services' input schemas in one place, for the REST routes to reuse as route schemas. */
export { admitVisitInput } from './admit-visit.ts';
export { callVisitToStationInput } from './call-visit-to-station.ts';
export { createDisplayBoardInput } from './create-display-board.ts';
export { moveAssetInput } from './move-asset.ts';
export { moveVisitToPhaseInput } from './move-visit-to-phase.ts';
export { parLevelRowSchema, setParLevelsInput } from './set-par-levels.ts';
export { updateDisplayBoardInput } from './update-display-board.ts';
