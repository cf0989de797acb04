import { memo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Clock } from '../../ui/time/Clock.tsx';

export interface IdleViewProps {
  readonly organization: string;
  readonly locale: string;
  readonly timeZone: string;
}

/** No one called for a while: a big clock, who we are, a welcome. */
export const IdleView = memo(function IdleView({ organization, locale, timeZone }: IdleViewProps) {
  return (
    <section className="patient-idle" data-testid="idle-view">
      <div className="patient-idle-clock">
        <Clock locale={locale} timeZone={timeZone} />
      </div>
      {organization ? <p className="patient-idle-organization">{organization}</p> : null}
      <p className="patient-idle-welcome">
        <FormattedMessage id="patient.welcome" />
      </p>
      <p className="patient-idle-hint">
        <FormattedMessage id="patient.welcomeHint" />
      </p>
    </section>
  );
});
