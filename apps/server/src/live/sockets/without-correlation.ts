/** The request without its correlation_id: the rest is the service's input, parsed there. */
export function withoutCorrelation(request: Record<string, unknown>): Record<string, unknown> {
  const { correlation_id: _correlation, ...rest } = request;
  return rest;
}
