import { useIntl } from 'react-intl';

/**
 * The overdue mark: a warning sign that reads from across the room, with its
 * word for assistive technology and on hover. Never color alone: the row's
 * stripe and color go with this sign.
 */
export function OverdueMark() {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'workflow.overdue' });
  return (
    <span className="workflow-overdue-mark" data-testid="overdue-mark" title={label}>
      <span aria-hidden="true">⚠</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
