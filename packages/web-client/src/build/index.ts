/**
 * `@careboard/web-client/build`: the build scripts' shared pieces (Node only, never in a browser
 * bundle): reading Vite's manifest and reporting sizes against budgets.
 */
export { type BudgetLine, formatBudgets, KB } from './print-budgets.ts';
export * from './vite-manifest.ts';
