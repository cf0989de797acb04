/** The export's address below the API: a day's range, both ends included, and a format (BOF-57). */
export function auditExportPath(from: string, to: string, format: 'csv' | 'jsonl'): string {
  return `audit-events/export?${new URLSearchParams({ from, to, format })}`;
}

/** The file name the server gave (content-disposition), else one made from the range. */
export function exportFileName(disposition: string | null, from: string, to: string, format: string): string {
  const named = /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
  return named ?? `audit-events-${from}-${to}.${format}`;
}
