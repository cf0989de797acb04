import type { FamilyBoardRow, FamilyPhaseRow } from '@careboard/contracts';
import { useMemo } from 'react';
import { shallowEqualArrays } from '../../board/content/shallow-equal.ts';
import { useDerivedRows } from '../../board/content/use-derived-rows.ts';
import { buildLegend, isPhaseRow, type Legend, orderVisitKeys } from './family-rows.ts';

function selectPhases(rows: readonly FamilyBoardRow[]): FamilyPhaseRow[] {
  return rows.filter(isPhaseRow);
}

/** The visits' keys in board order; changes only when a visit comes, goes or moves. */
export function useFamilyOrder(): readonly string[] {
  return useDerivedRows(orderVisitKeys, shallowEqualArrays);
}

/** The legend; changes only when a phase row changes (unchanged rows keep their identity). */
export function useFamilyLegend(): Legend {
  const phases = useDerivedRows(selectPhases, shallowEqualArrays);
  return useMemo(() => buildLegend(phases), [phases]);
}
