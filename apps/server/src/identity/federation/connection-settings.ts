/**
 * A connection's settings as stored (JSON): a named text, or a list of texts, with the default
 * when it is missing (or blank). One reader for the sign-in, its provider client and its record.
 */
export function settingText(
  settings: Readonly<Record<string, unknown>>,
  key: string,
  fallback: string,
): string {
  const value = settings[key];
  return typeof value === 'string' && value !== '' ? value : fallback;
}

export function settingTexts(
  settings: Readonly<Record<string, unknown>>,
  key: string,
  fallback: readonly string[],
): string[] {
  const value = settings[key];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [...fallback];
}
