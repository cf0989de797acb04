/**
 * The build's size report, one format for the board and the console: a line per measure, `OVER`
 * where a budget is exceeded. For build scripts, never in a browser bundle: it is its own entry,
 * `@careboard/web-client/build`.
 */
export const KB = 1000;

export interface BudgetLine {
  readonly name: string;
  readonly bytes: number;
  /** null: printed for information, not checked. */
  readonly budget: number | null;
}

/** Each line as `ok|OVER|info <name> <size> KB gzip of <budget> KB`; answers whether all fit. */
export function formatBudgets(lines: readonly BudgetLine[]): {
  readonly text: string;
  readonly fits: boolean;
} {
  let fits = true;
  let text = '';
  for (const line of lines) {
    const within = line.budget === null || line.bytes <= line.budget;
    fits &&= within;
    const budget = line.budget === null ? '(no budget)' : `of ${(line.budget / KB).toFixed(0)} KB`;
    const mark = line.budget === null ? 'info' : within ? 'ok  ' : 'OVER';
    text += `${mark} ${line.name.padEnd(24)} ${(line.bytes / KB).toFixed(1)} KB gzip ${budget}\n`;
  }
  return { text, fits };
}
