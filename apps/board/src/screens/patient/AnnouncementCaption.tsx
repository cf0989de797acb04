import { memo } from 'react';
import { useIntl } from 'react-intl';
import { SpeakerIcon } from './SpeakerIcon.tsx';

/**
 * The words being announced, on screen while they play, for people who
 * cannot hear them (and shown the same when sound is off or blocked). The
 * region stays mounted so assistive technology reads each new caption.
 */
export const AnnouncementCaption = memo(function AnnouncementCaption({
  text,
}: {
  readonly text: string | null;
}) {
  const intl = useIntl();
  return (
    <div
      className="patient-caption"
      data-testid="announcement-caption"
      data-visible={text !== null}
      role="status"
      aria-live="polite"
      aria-label={intl.formatMessage({ id: 'patient.announcement' })}
    >
      {text === null ? null : (
        <p className="patient-caption-text">
          <SpeakerIcon />
          {text}
        </p>
      )}
    </div>
  );
});
