import type { RuntimeConfig } from '@careboard/contracts';
import { useEffect, useState } from 'react';
import { loadRuntimeConfig } from '../runtime-config/load-runtime-config.ts';

type State = { status: 'loading' } | { status: 'ready'; config: RuntimeConfig } | { status: 'failed' };

export function App() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    loadRuntimeConfig().then(
      (config) => setState({ status: 'ready', config }),
      () => setState({ status: 'failed' }),
    );
  }, []);
  return (
    <main className="app">
      <img src="/logo.svg" alt="" width={96} height={96} />
      <h1>Careboard</h1>
      {state.status === 'failed' && <p role="alert">There was an unexpected error.</p>}
      {state.status === 'ready' && <p data-testid="customer">{state.config.CUSTOMER_ID ?? ''}</p>}
    </main>
  );
}
