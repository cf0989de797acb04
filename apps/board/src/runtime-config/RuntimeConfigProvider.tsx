import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { AppStoreContext } from '../state/app-store-context.ts';
import { type Runtime, RuntimeContext } from './runtime-context.ts';

/**
 * Provides the loaded runtime (config, customer, store, HTTP client, error
 * reporter) and the customer's locale with its catalogue: every text and number
 * format below follows that locale.
 */
export function RuntimeConfigProvider({
  runtime,
  children,
}: {
  readonly runtime: Runtime;
  readonly children: ReactNode;
}) {
  return (
    <IntlProvider locale={runtime.locale} messages={runtime.messages} defaultLocale="en-US">
      <RuntimeContext value={runtime}>
        <AppStoreContext value={runtime.store}>{children}</AppStoreContext>
      </RuntimeContext>
    </IntlProvider>
  );
}
