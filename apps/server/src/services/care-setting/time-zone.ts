/**
 * The IANA name of a time zone as the runtime spells it ('america/new_york' →
 * 'America/New_York'), or undefined when it is not one. Only names (letters, digits, '_',
 * '-', '+', '/'): an offset such as '+05:00' is not a zone a site lives in (decision BOF-08).
 */
export function canonicalTimeZone(value: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
