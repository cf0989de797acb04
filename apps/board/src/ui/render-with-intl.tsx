import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { enUS, type Messages } from '../i18n/en-US.ts';

/** Test helper: renders inside the en-US (or a given) catalogue. */
export function renderWithIntl(ui: ReactElement, messages: Messages = enUS, locale = 'en-US'): RenderResult {
  return render(
    <IntlProvider locale={locale} messages={messages}>
      {ui}
    </IntlProvider>,
  );
}
