/**
 * Which folder may import which: the one table the import boundaries are generated from
 * (decision FND-40). `npm run write:boundaries` writes biome.json's `overrides` from it, and
 * `npm run check:boundaries` (part of `npm run check`) fails when biome.json differs from what it
 * generates, when a folder exists that the table does not name, or when the table names one that
 * does not exist. Change the table, run `npm run write:boundaries`, commit both.
 *
 * A unit is an app or a package. Its layers are the folders of its `src/`, listed here in the order
 * data flows (those below first), each with the layers of the same unit it may import; a layer not
 * listed is refused, so a new folder imports nothing of its siblings until the table says so. The
 * files directly in `src/` (main.ts, app.ts, index.ts) compose the layers: they may import any of
 * them, and no layer imports them. Tests (`*.test.ts`, `*.test.tsx`) are outside the layers: nothing
 * imports them, and they may set up with what they need (the app's test harness, demo data); they
 * keep their unit's rule (apps never import each other).
 */

export interface Layer {
  /** What the folder holds, in a few words. */
  readonly holds: string;
  /** The layers of the same unit it may import (its own files it always may). */
  readonly imports: readonly string[];
  /** Said after the rule in a refused import's message: why the line is where it is. */
  readonly why?: string;
  /**
   * Rules between its own subfolders: `'isolated'`, none imports another (one folder per board
   * type, per console page); or, per subfolder named, the sibling subfolders it may import
   * (subfolders not named have only the layer's rule).
   */
  readonly parts?: 'isolated' | Readonly<Record<string, readonly string[]>>;
  /** Said after the parts' rule in its message. */
  readonly partsWhy?: string;
}

export interface Unit {
  /** The app's or package's folder: `apps/server`. The unit's own rule covers everything in it. */
  readonly folder: string;
  /** The folder inside it whose subfolders are the layers. */
  readonly src: string;
  /** The packages (`@careboard/<name>`) it may import; every other package and app is refused. */
  readonly packages: readonly string[];
  /** Said after the packages' rule in its message. */
  readonly packagesWhy?: string;
  /** More refusals for every file of the unit, each with its own decision. */
  readonly alsoRefused?: readonly { readonly group: readonly string[]; readonly message: string }[];
  /** Refused module names, each with its message (Biome's `paths`). */
  readonly refusedModules?: Readonly<Record<string, string>>;
  readonly layers: Readonly<Record<string, Layer>>;
}

const FND_28 =
  'Import date-fns by function (date-fns/addDays): its index costs seconds of server start-up (decision FND-28).';

export const units: Readonly<Record<string, Unit>> = {
  server: {
    folder: 'apps/server',
    src: 'src',
    packages: ['contracts'],
    refusedModules: { 'date-fns': FND_28 },
    layers: {
      config: { holds: 'environment → validated, frozen Config', imports: [] },
      errors: { holds: 'AppError and what database failures become', imports: [] },
      domain: {
        holds: 'pure rules: status, overdue, averages, par state, announcement text',
        imports: [],
        why: 'pure rules, no I/O',
      },
      store: {
        holds: 'PostgreSQL, migrations, one repository module per aggregate, change feed',
        imports: ['errors'],
      },
      nodes: { holds: 'the cluster: processes, their Node flags, the listen backlog', imports: [] },
      identity: {
        holds: 'embedded OpenID provider, its store adapter, sign-in and device pages, token verification',
        imports: ['config', 'errors', 'store'],
      },
      http: {
        holds: 'what every route shares: error replies, XSRF, limits, logging, the apps served',
        imports: ['config', 'errors', 'store'],
      },
      services: {
        holds: 'each write, whoever asks: rules, audit, change log',
        imports: ['domain', 'errors', 'identity', 'store'],
        why: 'they are called by api/, live/, feeds/ and cli/',
      },
      api: {
        holds: 'REST route plugins, one per resource',
        imports: ['config', 'errors', 'identity', 'services', 'store'],
      },
      live: {
        holds: 'GraphQL, sockets and the bus: what screens see as it changes',
        imports: ['config', 'domain', 'errors', 'http', 'identity', 'services', 'store'],
        parts: { boards: ['bus'] },
        partsWhy: 'publishers do not know their transport',
      },
      feeds: {
        holds: 'RTLS and HL7 transports over one ingest core',
        imports: ['api', 'config', 'domain', 'errors', 'identity', 'services', 'store'],
      },
      'audit-stream': {
        holds: 'the audit events sent to a SIEM as syslog',
        imports: ['config', 'store'],
      },
      demo: {
        holds: 'demo data and the simulator',
        imports: ['domain', 'errors', 'feeds', 'identity', 'services', 'store'],
      },
      backup: {
        holds: 'backups and restores of the whole service, and their schedule',
        imports: ['store'],
      },
      cli: {
        holds: 'the admin command (npm run careboard)',
        imports: ['backup', 'config', 'errors', 'http', 'identity', 'services', 'store'],
      },
    },
  },
  board: {
    folder: 'apps/board',
    src: 'src',
    packages: ['contracts', 'web-client', 'speech'],
    layers: {
      i18n: { holds: 'message catalogues per locale', imports: [] },
      state: { holds: 'the one application store: session, connection, board config', imports: [] },
      'runtime-config': {
        holds: '/config.json loaded once, the customer config, the board id of the address',
        imports: ['i18n', 'state'],
      },
      release: { holds: 'the service worker and new releases', imports: [] },
      ui: {
        holds: 'shared display pieces: clock, header, status indicator, dialogs',
        imports: ['i18n'],
      },
      auth: {
        holds: 'standard sign-in, device flow, token store and renewal, guards',
        imports: ['i18n', 'release', 'runtime-config', 'state', 'ui'],
      },
      live: {
        holds: 'the graphql-ws client, connection status, reconnect and catch-up',
        imports: ['auth', 'runtime-config', 'state'],
      },
      board: {
        holds: 'board config subscription, type → route guard, paging and rotation',
        imports: ['i18n', 'live', 'release', 'runtime-config', 'state', 'ui'],
      },
      screens: {
        holds: 'one folder per board type',
        imports: ['board', 'i18n', 'live', 'ui'],
        parts: 'isolated',
        partsWhy: 'shared code goes to board/ or ui/',
      },
      app: {
        holds: 'composition: providers, router',
        imports: ['auth', 'board', 'i18n', 'live', 'release', 'runtime-config', 'screens', 'state', 'ui'],
      },
    },
  },
  console: {
    folder: 'apps/console',
    src: 'src',
    packages: ['contracts', 'web-client', 'speech'],
    layers: {
      i18n: { holds: 'message catalogues per locale', imports: [] },
      theme: { holds: 'the MUI theme', imports: [] },
      'runtime-config': { holds: '/config.json loaded once, the console runtime', imports: ['i18n'] },
      data: {
        holds: 'REST, live queries and socket actions (CON-26)',
        imports: ['runtime-config'],
      },
      navigation: { holds: 'the pages a role sees, in order', imports: ['i18n'] },
      ui: {
        holds: 'shared pieces: tables, forms, dialogs, status',
        imports: ['data', 'i18n', 'runtime-config', 'theme'],
      },
      auth: { holds: 'sign-in and the session', imports: ['runtime-config', 'ui'] },
      shell: { holds: 'top bar and navigation menu', imports: ['auth', 'navigation'] },
      pages: {
        holds: 'one folder per page',
        imports: ['auth', 'data', 'i18n', 'runtime-config', 'ui'],
        parts: 'isolated',
        partsWhy: 'shared code goes to ui/',
      },
      app: {
        holds: 'composition: providers, router',
        imports: ['auth', 'data', 'i18n', 'navigation', 'pages', 'runtime-config', 'shell', 'theme', 'ui'],
      },
    },
  },
  contracts: {
    folder: 'packages/contracts',
    src: 'src',
    packages: [],
    packagesWhy: 'what the server and the apps agree on depends on no browser code (decision CON-14)',
    layers: {
      auth: { holds: 'scopes and which action needs which', imports: [] },
      config: { holds: 'runtime and customer config schemas', imports: [] },
      text: { holds: 'what text the store accepts', imports: [] },
      domain: { holds: 'kinds shared by both ends', imports: [] },
      errors: { holds: 'the error catalogue and its envelope', imports: [] },
      'display-board': {
        holds: 'board types, board config schema, columns, announcements',
        imports: ['config', 'text'],
      },
      graphql: { holds: 'the GraphQL schema and operations', imports: [] },
      live: { holds: 'board content frames, close codes, socket event maps', imports: [] },
      rest: { holds: 'the records the REST API answers with (FND-42)', imports: ['domain', 'display-board'] },
    },
  },
  'web-client': {
    folder: 'packages/web-client',
    src: 'src',
    packages: ['contracts'],
    alsoRefused: [
      {
        group: [
          'react',
          'react/**',
          'react-dom',
          'react-dom/**',
          'react-router',
          'react-router/**',
          'react-intl',
          'zustand',
          'zustand/**',
          '@mui/**',
          '@emotion/**',
          'socket.io-client',
          'graphql-ws',
        ],
        message:
          'Boundary: web-client is framework-free browser code; each app brings its own UI, state and transports (decision CON-14).',
      },
    ],
    layers: {
      http: { holds: 'the HTTP rules: API bases, bearer, XSRF, errors', imports: [] },
      auth: { holds: 'standard sign-in, tokens and renewal', imports: ['http'] },
      'runtime-config': { holds: 'loading /config.json', imports: [] },
      reporting: { holds: 'client error reports', imports: [] },
      texts: { holds: 'error texts per locale', imports: [] },
      build: { holds: 'build-time helpers (budgets, the Vite manifest)', imports: [] },
    },
  },
  speech: {
    folder: 'packages/speech',
    src: 'src',
    packages: ['contracts'],
    layers: {
      device: { holds: "the device's own voices", imports: [] },
      fallback: { holds: 'the offline eSpeak NG voice', imports: [] },
    },
  },
};

/** Where `process.env` may be read (Biome's `noProcessEnv` is off there, on everywhere else). */
export const processEnvReaders: readonly string[] = [
  'apps/server/src/config/**',
  'apps/server/src/main.ts',
  'apps/server/src/cli/main.ts',
  'apps/server/test/**',
  'bench/**',
  'e2e/**',
  'scripts/**',
];
