import { DisplayStyle, type DisplayStyleId } from '@careboard/contracts';
import { pageCount, rowsPerPage } from '../../board/paging/pages.ts';
import type { PhaseGroup, WorkflowGroup, WorkflowLayout } from './workflow-layout.ts';

/**
 * Heights in board rows (`--board-row-height`), shared with the CSS through
 * custom properties set from here, so the paging math and the drawing agree.
 */
export const SLIDE_TITLE_ROWS = 1;
export const LANE_HEADER_ROWS = 2;
export const LANE_CARD_ROWS = 2;

/**
 * One screenful: what the board shows between two rotations. Expected patients (BRD-23) follow
 * the patients present in the one table (style 1), take a turn after their workflow's phases
 * (style 2), and stand in a lane before the first phase (style 3; null: the workflow expects
 * nobody, so it has no such lane).
 */
export type WorkflowSlide =
  | { readonly kind: 'all'; readonly visitKeys: readonly string[]; readonly expectedKeys: readonly string[] }
  | { readonly kind: 'phase'; readonly phase: PhaseGroup; readonly visitKeys: readonly string[] }
  | { readonly kind: 'expected'; readonly workflow: WorkflowGroup; readonly expectedKeys: readonly string[] }
  | {
      readonly kind: 'workflow';
      readonly workflow: WorkflowGroup;
      readonly expectedKeys: readonly string[] | null;
      readonly lanes: readonly { readonly phase: PhaseGroup; readonly visitKeys: readonly string[] }[];
    };

/**
 * How many patients fit on one screen: table rows below the table's header
 * (styles 1 and 2, style 2 under its phase title), or cards per lane below the
 * workflow title and the lane headers (style 3). Null until both heights are
 * measured: then everything goes on one page.
 */
export function patientsPerPage(style: DisplayStyleId, areaHeight: number, rowHeight: number): number | null {
  if (!(areaHeight > 0) || !(rowHeight > 0)) return null;
  switch (style) {
    case DisplayStyle.AllInOne:
      return rowsPerPage(areaHeight - rowHeight, rowHeight);
    case DisplayStyle.PhaseAtTime:
      return rowsPerPage(areaHeight - (SLIDE_TITLE_ROWS + 1) * rowHeight, rowHeight);
    case DisplayStyle.WorkflowAtTime:
      return rowsPerPage(
        areaHeight - (SLIDE_TITLE_ROWS + LANE_HEADER_ROWS) * rowHeight,
        LANE_CARD_ROWS * rowHeight,
      );
  }
}

function pagesOf(keys: readonly string[], perPage: number): (readonly string[])[] {
  const pages: (readonly string[])[] = [];
  for (let start = 0; start < keys.length; start += perPage) pages.push(keys.slice(start, start + perPage));
  return pages;
}

/**
 * The screens the board rotates through: the pages of the one table (style 1);
 * each phase with patients, a page at a time, then its workflow's expected
 * patients (style 2); each workflow with its phases side by side, as many pages
 * as its fullest lane needs (style 3). A phase or workflow without patients
 * takes no turn; nobody present or expected, no slides (the board says so instead).
 */
export function buildSlides(
  layout: WorkflowLayout,
  style: DisplayStyleId,
  perPage: number | null,
): readonly WorkflowSlide[] {
  const size = perPage ?? Number.POSITIVE_INFINITY;
  if (layout.visitKeys.length === 0 && layout.expectedKeys.length === 0) return [];
  switch (style) {
    case DisplayStyle.AllInOne:
      return allInOne(layout, size);
    case DisplayStyle.PhaseAtTime:
      return layout.workflows.flatMap((workflow) => [
        ...workflow.phases.flatMap((phase) =>
          pagesOf(phase.visitKeys, size).map((visitKeys) => ({ kind: 'phase' as const, phase, visitKeys })),
        ),
        ...pagesOf(workflow.expectedKeys, size).map((expectedKeys) => ({
          kind: 'expected' as const,
          workflow,
          expectedKeys,
        })),
      ]);
    case DisplayStyle.WorkflowAtTime:
      return layout.workflows.flatMap((workflow) => {
        const fullest = Math.max(
          workflow.expectedKeys.length,
          ...workflow.phases.map((phase) => phase.visitKeys.length),
        );
        if (fullest === 0) return [];
        const pages = perPage === null ? 1 : pageCount(fullest, perPage);
        const onPage = (keys: readonly string[], page: number) =>
          perPage === null ? keys : keys.slice(page * perPage, (page + 1) * perPage);
        return Array.from({ length: pages }, (_, page) => ({
          kind: 'workflow' as const,
          workflow,
          expectedKeys: workflow.expectedKeys.length > 0 ? onPage(workflow.expectedKeys, page) : null,
          lanes: workflow.phases.map((phase) => ({ phase, visitKeys: onPage(phase.visitKeys, page) })),
        }));
      });
  }
}

/** The one table's pages: the patients present, then those expected, split where the page ends. */
function allInOne(layout: WorkflowLayout, size: number): WorkflowSlide[] {
  const present = layout.visitKeys.length;
  return pagesOf([...layout.visitKeys, ...layout.expectedKeys], size).map((keys, page) => {
    const start = Number.isFinite(size) ? page * size : 0;
    const split = Math.max(0, Math.min(keys.length, present - start));
    return { kind: 'all', visitKeys: keys.slice(0, split), expectedKeys: keys.slice(split) };
  });
}
