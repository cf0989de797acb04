import type { PhaseRow } from '@careboard/contracts';
import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useBoardRow } from '../../board/content/board-content-context.ts';
import { formatDuration } from '../../ui/time/format-time.ts';
import { PhasePill } from './PhasePill.tsx';

export interface PhaseHeadingProps {
  readonly phaseKey: string;
  /** Patients in the phase (all pages). */
  readonly count: number;
  readonly showEstimate: boolean;
  readonly showAverage: boolean;
  /** `title`: above a phase's table (style 2); `lane`: atop a lane (style 3). */
  readonly variant: 'title' | 'lane';
}

/** A phase by color and name, how many patients are in it, and (where shown) its estimate and today's average. */
export const PhaseHeading = memo(function PhaseHeading({
  phaseKey,
  count,
  showEstimate,
  showAverage,
  variant,
}: PhaseHeadingProps) {
  const phase = useBoardRow<PhaseRow>(phaseKey);
  const { locale } = useIntl();
  const estimate = showEstimate ? (phase?.estimated_duration_sec ?? null) : null;
  const average = showAverage ? (phase?.avg_duration_sec ?? null) : null;
  return (
    <div className={`workflow-phase-heading workflow-phase-heading-${variant}`} data-phase-key={phaseKey}>
      <PhasePill phase={phase} />
      <span className="workflow-phase-facts">
        <span className="workflow-phase-count">
          <FormattedMessage id="workflow.patients" values={{ count }} />
        </span>
        {estimate !== null ? (
          <span>
            <FormattedMessage
              id="workflow.estimate"
              values={{ duration: formatDuration(estimate, locale) }}
            />
          </span>
        ) : null}
        {average !== null ? (
          <span>
            <FormattedMessage id="workflow.average" values={{ duration: formatDuration(average, locale) }} />
          </span>
        ) : null}
      </span>
    </div>
  );
});
