import { memo } from 'react';
import { ExpectedCard } from './ExpectedCard.tsx';
import { ExpectedHeading } from './ExpectedHeading.tsx';
import { LaneCard } from './LaneCard.tsx';
import { PhaseHeading } from './PhaseHeading.tsx';
import { VisitTable } from './VisitTable.tsx';
import type { WorkflowColumn } from './workflow-columns.ts';
import type { PhaseGroup, WorkflowGroup } from './workflow-layout.ts';
import type { WorkflowSlide } from './workflow-slides.ts';

export interface SlideViewProps {
  readonly slide: WorkflowSlide;
  readonly columns: readonly WorkflowColumn[];
  readonly showEstimate: boolean;
  readonly showAverage: boolean;
}

/**
 * The screenful on show: a table page (style 1), a phase's page or a workflow's expected patients
 * (style 2), or a workflow's lanes (style 3).
 */
export function SlideView({ slide, columns, showEstimate, showAverage }: SlideViewProps) {
  switch (slide.kind) {
    case 'all':
      return (
        <div className="workflow-slide" data-slide="all">
          <VisitTable columns={columns} visitKeys={slide.visitKeys} expectedKeys={slide.expectedKeys} />
        </div>
      );
    case 'expected':
      return (
        <div className="workflow-slide workflow-slide-titled" data-slide="expected">
          <ExpectedHeading
            count={slide.workflow.expectedKeys.length}
            workflowName={slide.workflow.name}
            variant="title"
          />
          <VisitTable
            columns={columns}
            visitKeys={[]}
            expectedKeys={slide.expectedKeys}
            markExpected={false}
          />
        </div>
      );
    case 'phase':
      return (
        <div className="workflow-slide workflow-slide-titled" data-slide="phase">
          <PhaseHeading
            phaseKey={slide.phase.phaseKey}
            count={slide.phase.visitKeys.length}
            showEstimate={showEstimate}
            showAverage={showAverage}
            variant="title"
          />
          <VisitTable columns={columns} visitKeys={slide.visitKeys} />
        </div>
      );
    case 'workflow':
      return (
        <div className="workflow-slide workflow-slide-titled" data-slide="workflow">
          <h2 className="workflow-slide-title">{slide.workflow.name}</h2>
          <div
            className="workflow-lanes"
            style={{
              gridTemplateColumns: `repeat(${slide.lanes.length + (slide.expectedKeys ? 1 : 0)}, minmax(0, 1fr))`,
            }}
          >
            {slide.expectedKeys ? (
              <ExpectedLane workflow={slide.workflow} expectedKeys={slide.expectedKeys} columns={columns} />
            ) : null}
            {slide.lanes.map((lane) => (
              <PhaseLane
                key={lane.phase.phaseKey}
                phase={lane.phase}
                visitKeys={lane.visitKeys}
                columns={columns}
                showEstimate={showEstimate}
                showAverage={showAverage}
              />
            ))}
          </div>
        </div>
      );
  }
}

interface PhaseLaneProps {
  readonly phase: PhaseGroup;
  readonly visitKeys: readonly string[];
  readonly columns: readonly WorkflowColumn[];
  readonly showEstimate: boolean;
  readonly showAverage: boolean;
}

/** A phase's lane: its heading, then its patients of this page as cards, longest waiting first. */
const PhaseLane = memo(function PhaseLane({
  phase,
  visitKeys,
  columns,
  showEstimate,
  showAverage,
}: PhaseLaneProps) {
  return (
    <section className="workflow-lane" data-phase-key={phase.phaseKey}>
      <PhaseHeading
        phaseKey={phase.phaseKey}
        count={phase.visitKeys.length}
        showEstimate={showEstimate}
        showAverage={showAverage}
        variant="lane"
      />
      <ol className="workflow-lane-cards">
        {visitKeys.map((key) => (
          <LaneCard key={key} rowKey={key} columns={columns} />
        ))}
      </ol>
    </section>
  );
});

interface ExpectedLaneProps {
  readonly workflow: WorkflowGroup;
  readonly expectedKeys: readonly string[];
  readonly columns: readonly WorkflowColumn[];
}

/** The workflow's expected patients of this page as cards, before its first phase (BRD-23). */
const ExpectedLane = memo(function ExpectedLane({ workflow, expectedKeys, columns }: ExpectedLaneProps) {
  return (
    <section className="workflow-lane" data-expected="true">
      <ExpectedHeading count={workflow.expectedKeys.length} workflowName={null} variant="lane" />
      <ol className="workflow-lane-cards">
        {expectedKeys.map((key) => (
          <ExpectedCard key={key} rowKey={key} columns={columns} />
        ))}
      </ol>
    </section>
  );
});
