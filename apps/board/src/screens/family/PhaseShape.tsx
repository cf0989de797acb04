import { PHASE_SHAPES, type PhaseShapeName } from './phase-shapes.ts';

/**
 * A phase's shape filled with its color. Decorative (aria-hidden): the phase
 * name always stands beside it. The light outline keeps dark colors visible on
 * the dark ground.
 */
export function PhaseShape({ shape, color }: { readonly shape: PhaseShapeName; readonly color: string }) {
  return (
    <svg className="family-shape" viewBox="0 0 20 20" aria-hidden="true" data-shape={shape}>
      <path d={PHASE_SHAPES[shape]} fill={color} stroke="var(--board-fg)" strokeWidth="1" />
    </svg>
  );
}
