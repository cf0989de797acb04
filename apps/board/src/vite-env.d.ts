/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by vite.config.ts: the package version, reported with client errors. */
  readonly VITE_CAREBOARD_RELEASE?: string;
}
