import { useEffect, useState } from 'react';
import type { ConsoleRuntime } from '../runtime-config/console-runtime.ts';
import { App } from './App.tsx';

type BootState =
  | { readonly step: 'loading' }
  | { readonly step: 'ready'; readonly runtime: ConsoleRuntime }
  | { readonly step: 'failed' };

/**
 * Loads the runtime, then renders the console. Before the catalogue is known the
 * texts are the catalogue's English ones, plain (no theme, no react-intl yet).
 */
export function Boot({ loadRuntime }: { readonly loadRuntime: () => Promise<ConsoleRuntime> }) {
  const [state, setState] = useState<BootState>({ step: 'loading' });
  useEffect(() => {
    let current = true;
    loadRuntime().then(
      (runtime) => current && setState({ step: 'ready', runtime }),
      () => current && setState({ step: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [loadRuntime]);
  if (state.step === 'ready') return <App runtime={state.runtime} />;
  return (
    <p role={state.step === 'failed' ? 'alert' : 'status'}>
      {state.step === 'failed' ? 'There was an unexpected error.' : 'Loading'}
    </p>
  );
}
