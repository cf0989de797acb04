import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { type ConsoleRuntime, ConsoleRuntimeContext } from './console-runtime.ts';

/** Provides the loaded runtime and the customer's locale with its catalogue to everything below. */
export function ConsoleRuntimeProvider({
  runtime,
  children,
}: {
  readonly runtime: ConsoleRuntime;
  readonly children: ReactNode;
}) {
  return (
    <IntlProvider locale={runtime.locale} messages={runtime.messages} defaultLocale="en-US">
      <ConsoleRuntimeContext value={runtime}>{children}</ConsoleRuntimeContext>
    </IntlProvider>
  );
}
