/**
 * The release this build is, for error reports. Set by vite.config.ts from the
 * package version; the only place outside vite.config.ts that reads the build env.
 */
export const appRelease: string = import.meta.env.VITE_CAREBOARD_RELEASE ?? 'dev';

/** False under `vite dev` and in tests, where no service worker is built. */
export const isProductionBuild: boolean = import.meta.env.PROD;
