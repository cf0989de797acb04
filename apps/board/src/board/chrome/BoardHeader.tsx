import { memo } from 'react';
import { Clock } from '../../ui/time/Clock.tsx';
import { ConnectionIndicator, type ConnectionState } from './ConnectionIndicator.tsx';

export interface BoardHeaderProps {
  readonly name: string;
  readonly connection: ConnectionState;
  readonly locale: string;
  readonly timeZone: string;
}

/**
 * The board's name, its connection state and the clock. Memoized on plain
 * props: a screen re-rendering its content (rows reordered, a page turned) does
 * not re-render the header.
 */
export const BoardHeader = memo(function BoardHeader({
  name,
  connection,
  locale,
  timeZone,
}: BoardHeaderProps) {
  return (
    <header className="board-header">
      <h1 className="board-title">{name}</h1>
      <div className="board-header-side">
        <ConnectionIndicator state={connection} />
        <Clock locale={locale} timeZone={timeZone} />
      </div>
    </header>
  );
});
