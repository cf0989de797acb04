import type { ParRow } from '@careboard/contracts';
import { FormattedMessage } from 'react-intl';

type ParStatus = ParRow['status'];

/** A shape per state, so the state reads without color: down for short, up for over, a check for within. */
function StateIcon({ status }: { readonly status: ParStatus }) {
  return (
    <svg
      className="par-state-icon"
      data-icon={status}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {status === 'below' ? <path d="M2 5h20L12 21z" /> : null}
      {status === 'above' ? <path d="M2 19h20L12 3z" /> : null}
      {status === 'within' ? (
        <>
          <circle cx="12" cy="12" r="10" />
          <path className="par-state-check" d="M6.5 12.5l3.8 3.8 7.2-8" />
        </>
      ) : null}
    </svg>
  );
}

/** The state of one level in words and shape: "▼ 3 short", "▲ +2 over", "✓ Within PAR". */
export function ParStateMark({ row }: { readonly row: Pick<ParRow, 'status' | 'missing' | 'excess'> }) {
  return (
    <span className="par-state" data-status={row.status}>
      <StateIcon status={row.status} />
      <span className="par-state-text">
        {row.status === 'below' ? (
          <FormattedMessage id="assets.state.below" values={{ missing: row.missing }} />
        ) : row.status === 'above' ? (
          <FormattedMessage id="assets.state.above" values={{ excess: row.excess }} />
        ) : (
          <FormattedMessage id="assets.state.within" />
        )}
      </span>
    </span>
  );
}
