import type { CallRow } from '@careboard/contracts';
import { memo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useBoardRow } from '../../board/content/board-content-context.ts';
import { formatClockTime } from '../../ui/time/format-time.ts';

export interface NowCallingProps {
  readonly callKey: string;
  /** Its announcement is playing: the panel is marked (border and a word, never color alone). */
  readonly announcing: boolean;
  readonly locale: string;
  readonly timeZone: string;
}

/** The newest call, as large as the screen allows: who, and where to go. */
export const NowCalling = memo(function NowCalling({
  callKey,
  announcing,
  locale,
  timeZone,
}: NowCallingProps) {
  const call = useBoardRow<CallRow>(callKey);
  if (!call) return null;
  return (
    <section className="patient-now" data-announcing={announcing} aria-labelledby="patient-now-title">
      <h2 id="patient-now-title" className="patient-now-title">
        <FormattedMessage id="patient.nowCalling" />
      </h2>
      <p className="patient-now-name" data-testid="now-calling-name">
        {call.name}
      </p>
      <p className="patient-now-station">
        <span className="patient-now-go">
          <FormattedMessage id="patient.goTo" />
        </span>{' '}
        <strong data-testid="now-calling-station">{call.station_name}</strong>
      </p>
      <p className="patient-now-time">
        <FormattedMessage
          id="patient.calledAt"
          values={{ time: formatClockTime(Date.parse(call.called_at), locale, timeZone) }}
        />
      </p>
    </section>
  );
});
