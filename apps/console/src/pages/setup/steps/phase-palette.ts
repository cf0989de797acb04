/**
 * Setup does not ask for colours: each phase takes the next of these (dark enough for white text
 * on the boards); Care setting changes them (CON-35).
 */
const palette = ['#1565C0', '#2E7D32', '#6A1B9A', '#C62828', '#00695C', '#AD1457', '#4E342E', '#37474F'];

export function phaseColor(index: number): string {
  return palette[index % palette.length] ?? '#1565C0';
}
