import { memo } from 'react';
import { FormattedMessage } from 'react-intl';
import { ExpectedMark } from './ExpectedMark.tsx';

export interface ExpectedHeadingProps {
  /** Expected patients of the workflow (all pages). */
  readonly count: number;
  /** The workflow they are expected in, named above its table (style 2); a lane sits under its title. */
  readonly workflowName: string | null;
  readonly variant: 'title' | 'lane';
}

/** The heading of a workflow's expected patients (BRD-23), where a phase's would be: the word and how many. */
export const ExpectedHeading = memo(function ExpectedHeading({
  count,
  workflowName,
  variant,
}: ExpectedHeadingProps) {
  return (
    <div className={`workflow-phase-heading workflow-phase-heading-${variant}`} data-expected="true">
      <ExpectedMark />
      <span className="workflow-phase-facts">
        {workflowName !== null ? <span>{workflowName}</span> : null}
        <span className="workflow-phase-count">
          <FormattedMessage id="workflow.patients" values={{ count }} />
        </span>
      </span>
    </div>
  );
});
