/** Every IANA zone the browser knows, with UTC; the browser's own zone first chosen (CON-34). */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const own = browserTimeZone();
  return [...new Set([...known, 'UTC', own])].sort();
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
