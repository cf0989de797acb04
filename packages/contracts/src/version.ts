/**
 * The product's version, one for every package and app: what `npm run careboard -- --version`,
 * `GET /health` and the console show, and what CHANGELOG.md names. `apps/server/test/product-version.test.ts` holds every
 * package.json to it, so a release changes it here and in the package files together.
 */
export const PRODUCT_VERSION = '0.2.0';
