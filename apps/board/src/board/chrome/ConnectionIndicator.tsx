import { useIntl } from 'react-intl';

export type ConnectionState = 'connecting' | 'live' | 'offline';

const labels = { connecting: 'board.connecting', live: 'board.live', offline: 'board.offline' } as const;

/** A dot and a word: connecting, live, or reconnecting. Color is never the only signal. */
export function ConnectionIndicator({ state }: { readonly state: ConnectionState }) {
  const intl = useIntl();
  const live = state === 'live';
  return (
    <span className="board-connection" data-state={state} role="status">
      <span className="board-connection-dot" aria-hidden="true">
        {live ? '●' : '○'}
      </span>
      {intl.formatMessage({ id: labels[state] })}
    </span>
  );
}
