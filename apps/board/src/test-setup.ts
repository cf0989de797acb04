import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// Routes are lazy chunks: the first import of one in a worker can take more than find*'s default
// second on a busy 2-core machine (as the console's setup says). A wait, not a speed assertion.
configure({ asyncUtilTimeout: 10_000 });
