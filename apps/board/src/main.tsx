import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/Boot.tsx';
import { bootRuntime } from './runtime-config/boot-runtime.ts';
import type { Runtime } from './runtime-config/runtime-context.ts';
import './app/app.css';

let runtime: Promise<Runtime> | undefined;

/** Once per page, even when strict mode runs Boot's effect twice. */
function loadRuntime(): Promise<Runtime> {
  runtime ??= bootRuntime({
    fetch: (input, init) => fetch(input, init),
    hostname: window.location.hostname,
    pageUrl: () => window.location.href,
    readCookies: () => document.cookie,
  });
  return runtime;
}

// Both start now, before the first render: the app shell downloads while config.json is fetched.
const appShell = import('./app/App.tsx').then((module) => module.App);
const loadApp = () => appShell;
loadRuntime();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Boot loadRuntime={loadRuntime} loadApp={loadApp} />
    </StrictMode>,
  );
}
