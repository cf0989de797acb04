import { FormattedMessage } from 'react-intl';
import { useContentStatus } from '../../board/content/board-content-context.ts';

/** Said only once the first frame came and held no levels; before that the board is still loading. */
export function ParEmpty() {
  const { loaded } = useContentStatus();
  if (!loaded) return null;
  return (
    <p className="par-empty" data-testid="par-empty">
      <FormattedMessage id="assets.empty" />
    </p>
  );
}
