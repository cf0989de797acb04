import { FormattedMessage } from 'react-intl';

/** "Page 2 of 3", only when there is more than one page. */
export function PageIndicator({ index, count }: { readonly index: number; readonly count: number }) {
  if (count <= 1) return null;
  return (
    <p className="board-page-indicator" data-testid="page-indicator">
      <FormattedMessage id="board.page" values={{ page: index + 1, count }} />
    </p>
  );
}
