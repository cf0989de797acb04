import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/Boot.tsx';
import { bootConsole } from './runtime-config/boot-console.ts';
import type { ConsoleRuntime } from './runtime-config/console-runtime.ts';

let runtime: Promise<ConsoleRuntime> | undefined;

/** Once per page, even when strict mode runs Boot's effect twice. */
function loadRuntime(): Promise<ConsoleRuntime> {
  runtime ??= bootConsole({
    fetch: (input, init) => fetch(input, init),
    hostname: window.location.hostname,
    readCookies: () => document.cookie,
  });
  return runtime;
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Boot loadRuntime={loadRuntime} />
    </StrictMode>,
  );
}
