/**
 * Shapes that repeat a phase's color, so that status is never told by color
 * alone (color-blind readers, washed-out screens). Each is an SVG outline in a
 * 20×20 box: drawn, not a font glyph, so it looks the same on every device.
 */
export const PHASE_SHAPES = Object.freeze({
  circle: 'M10 2a8 8 0 1 0 0 16a8 8 0 1 0 0-16z',
  square: 'M3 3h14v14H3z',
  triangle: 'M10 2l8.5 15.5h-17z',
  diamond: 'M10 1l9 9-9 9-9-9z',
  star: 'M10 1.5l2.5 5.6 6.1.6-4.6 4.1 1.3 6-5.3-3.1-5.3 3.1 1.3-6-4.6-4.1 6.1-.6z',
  hexagon: 'M5.5 2.2h9l4.5 7.8-4.5 7.8h-9L1 10z',
  'triangle-down': 'M1.5 2.5h17L10 18z',
  cross: 'M7 2h6v5h5v6h-5v5H7v-5H2V7h5z',
} as const);

export type PhaseShapeName = keyof typeof PHASE_SHAPES;

const ORDER = Object.keys(PHASE_SHAPES) as PhaseShapeName[];

/** The shape of the phase at place `rank` in the legend; after eight they repeat. */
export function shapeAt(rank: number): PhaseShapeName {
  return ORDER[((rank % ORDER.length) + ORDER.length) % ORDER.length] ?? 'circle';
}
