import { FormattedMessage } from 'react-intl';
import { SpeakerIcon } from './SpeakerIcon.tsx';

/** The browser blocks audio until someone clicks or presses a key: captions still show. */
export function SoundBlockedMark() {
  return (
    <p className="patient-sound-blocked" data-testid="sound-blocked" role="status">
      <SpeakerIcon muted />
      <strong>
        <FormattedMessage id="patient.soundBlocked" />
      </strong>{' '}
      <span className="patient-sound-blocked-hint">
        <FormattedMessage id="patient.soundBlockedHint" />
      </span>
    </p>
  );
}
