/**
 * The name a board may show: the first name and the last name's initial ("Anna K."),
 * never the full last name. An empty last name leaves the first name alone (decision API-12).
 */
export function displayName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${first} ${initial.toLocaleUpperCase()}.` : first;
}
