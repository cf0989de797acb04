import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/en-US.ts';

/** A full-screen message such as 'Missing ID in url.', from the locale's catalogue. */
export function MessageScreen({ id }: { readonly id: MessageId }) {
  const intl = useIntl();
  return <MessageText text={intl.formatMessage({ id })} />;
}

/** The same, for text already taken from a catalogue (the boot screen, before react-intl loads). */
export function MessageText({ text }: { readonly text: string }) {
  return (
    <div className="full-screen centered">
      <p className="screen-message" role="alert">
        {text}
      </p>
    </div>
  );
}
