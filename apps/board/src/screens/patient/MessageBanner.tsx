import type { MessageRow } from '@careboard/contracts';
import { memo, useCallback, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { usePageRotation } from '../../board/paging/use-page-rotation.ts';
import { useTicking } from '../../ui/time/use-ticking.ts';
import { isMessageActive } from './patient-rows.ts';

export interface MessageBannerProps {
  readonly messages: readonly MessageRow[];
  readonly rotationSec: number;
}

/**
 * The active messages as a banner, one at a time, each for `rotationSec`
 * when there are several. A message leaves on its own when `expires_at`
 * passes (the ticker checks once a second; the banner re-renders only when
 * the set of active messages changes).
 */
export const MessageBanner = memo(function MessageBanner({ messages, rotationSec }: MessageBannerProps) {
  const activeKeys = useTicking(
    useCallback(
      (now: number) =>
        messages
          .filter((message) => isMessageActive(message, now))
          .map((message) => message.key)
          .join('\n'),
      [messages],
    ),
  );
  const active = useMemo(() => {
    const keys = new Set(activeKeys.split('\n'));
    return messages.filter((message) => keys.has(message.key));
  }, [activeKeys, messages]);
  const index = usePageRotation(active.length, rotationSec);
  const message = active[index];
  if (!message) return null;
  return (
    <aside className="patient-banner" data-testid="message-banner" data-sender-type={message.sender_type}>
      <span className="patient-banner-label">
        <FormattedMessage id="patient.notice" />
      </span>
      <p className="patient-banner-text" key={message.key}>
        {message.text}
      </p>
    </aside>
  );
});
