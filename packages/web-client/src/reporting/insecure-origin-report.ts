/** Once per page, even when React's strict mode runs an effect twice. */
let reported = false;

/**
 * Tells the server log that the app was opened on an insecure origin (POST /client-errors, logged
 * as one `warn` line), whatever ERROR_REPORTING_KEY says: it is the operator's to fix, and nothing
 * else in the page can tell them. A failed report is dropped.
 */
export function reportInsecureOrigin(
  http: { sendJson(method: 'POST', path: string, body: unknown): Promise<unknown> },
  report: { readonly app: string; readonly pageUrl: string; readonly release: string },
): void {
  if (reported) return;
  reported = true;
  const page = new URL(report.pageUrl);
  http
    .sendJson('POST', 'client-errors', {
      message: `${report.app} opened on an insecure origin (${page.origin}): HTTPS is required`,
      stack: null,
      url: `${page.origin}${page.pathname}`,
      release: report.release,
    })
    .catch(() => undefined);
}
