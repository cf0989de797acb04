import { useIntl } from 'react-intl';
import type { Legend } from './family-rows.ts';
import { PhaseShape } from './PhaseShape.tsx';

/** What each color means, each color with the same shape as in the status cells. */
export function FamilyLegend({ legend }: { readonly legend: Legend }) {
  const intl = useIntl();
  if (legend.entries.length === 0) return null;
  return (
    <ul className="family-legend" aria-label={intl.formatMessage({ id: 'family.legend' })}>
      {legend.entries.map((entry) => (
        <li key={entry.phase_id} className="family-legend-item">
          <PhaseShape shape={entry.shape} color={entry.color} />
          <span>{entry.name}</span>
        </li>
      ))}
    </ul>
  );
}
