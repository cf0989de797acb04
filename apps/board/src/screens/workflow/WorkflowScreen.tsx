import type { DisplayBoardConfig } from '@careboard/contracts';
import { type CSSProperties, useMemo, useRef, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { BoardLayout } from '../../board/chrome/BoardLayout.tsx';
import { useBoardContentStore } from '../../board/content/board-content-context.ts';
import { PageIndicator } from '../../board/paging/PageIndicator.tsx';
import { useElementHeight } from '../../board/paging/use-element-height.ts';
import { usePageRotation } from '../../board/paging/use-page-rotation.ts';
import { useBoardConfig } from '../../board/use-display-board.ts';
import { SlideView } from './SlideView.tsx';
import { useWorkflowLayout } from './use-workflow-layout.ts';
import { resolveColumns } from './workflow-columns.ts';
import {
  buildSlides,
  LANE_CARD_ROWS,
  LANE_HEADER_ROWS,
  patientsPerPage,
  SLIDE_TITLE_ROWS,
} from './workflow-slides.ts';
import './workflow.css';

/** The heights the paging math assumes, handed to the CSS so both agree (workflow-slides.ts). */
const areaStyle = {
  '--workflow-title-rows': SLIDE_TITLE_ROWS,
  '--workflow-lane-header-rows': LANE_HEADER_ROWS,
  '--workflow-card-rows': LANE_CARD_ROWS,
} as CSSProperties;

/** Workflow board (type 1, staff): who is where, for how long, with whom, and who is overdue. */
export function WorkflowScreen() {
  const config = useBoardConfig();
  // The board routes render only once the config exists.
  return config ? <WorkflowBoard config={config} /> : null;
}

function WorkflowBoard({ config }: { readonly config: DisplayBoardConfig }) {
  const columns = useMemo(() => resolveColumns(config), [config]);
  const layout = useWorkflowLayout(config.workflow_ids);
  const loaded = useLoaded();

  // The area the slides fill and the height of one table row, measured: paging follows the screen.
  const areaRef = useRef<HTMLDivElement>(null);
  const probeRef = useRef<HTMLDivElement>(null);
  const areaHeight = useElementHeight(areaRef);
  const rowHeight = useElementHeight(probeRef);
  const perPage = patientsPerPage(config.display_style_id, areaHeight, rowHeight);
  const slides = useMemo(
    () => buildSlides(layout, config.display_style_id, perPage),
    [layout, config.display_style_id, perPage],
  );
  const index = usePageRotation(slides.length, config.page_rotation_sec);
  const slide = slides[index];
  const patients = layout.visitKeys.length;
  const expected = layout.expectedKeys.length;

  const footer = (
    <>
      {loaded ? (
        <p className="workflow-count">
          <span>
            <FormattedMessage id="workflow.patients" values={{ count: patients }} />
          </span>
          {/* Counted apart: they are in no phase and not here yet (BRD-23). */}
          {expected > 0 ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="workflow-expected-count">
                <FormattedMessage id="workflow.expected.count" values={{ count: expected }} />
              </span>
            </>
          ) : null}
        </p>
      ) : null}
      <PageIndicator index={index} count={slides.length} />
    </>
  );
  return (
    <BoardLayout boardType="workflow" footer={footer}>
      <div
        className="workflow-area"
        ref={areaRef}
        style={areaStyle}
        data-display-style={config.display_style_id}
      >
        <div className="workflow-row-probe" ref={probeRef} aria-hidden="true" />
        {slide ? (
          <SlideView
            slide={slide}
            columns={columns}
            showEstimate={config.show_estimated_duration}
            showAverage={config.show_avg_duration}
          />
        ) : loaded ? (
          <p className="workflow-empty">
            <FormattedMessage id="workflow.empty" />
          </p>
        ) : null}
      </div>
    </BoardLayout>
  );
}

/** Whether the first frame has arrived; unlike the whole status, this flips once (no render per frame). */
function useLoaded(): boolean {
  const store = useBoardContentStore();
  return useSyncExternalStore(store.subscribeStatus, () => store.getStatus().loaded);
}
