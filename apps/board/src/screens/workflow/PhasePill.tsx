import type { PhaseRow } from '@careboard/contracts';
import type { CSSProperties } from 'react';
import { textColorOn } from './phase-color.ts';

/** A phase in its color and by its name: the color helps at a glance, the name says it. */
export function PhasePill({ phase }: { readonly phase: PhaseRow | undefined }) {
  if (!phase) return <span className="workflow-none">—</span>;
  const style = { background: phase.color, color: textColorOn(phase.color) } satisfies CSSProperties;
  return (
    <span className="workflow-phase-pill" style={style} data-phase-color={phase.color}>
      {phase.name}
    </span>
  );
}
