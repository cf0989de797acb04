/**
 * A whole-number setting's bounds travel in its schema's issue message, so the body validation
 * of a route and a service's own parse both answer OUT_OF_RANGE with the bounds (BOF-55), and
 * the OpenAPI document keeps the schema's minimum and maximum.
 */
const MARK = 'OUT_OF_RANGE';

/** The issue message a range schema gives (`rangeSchema` in services/schema-parts.ts). */
export function outOfRangeMessage(min: number, max: number): string {
  return `${MARK} ${min} ${max}`;
}

/** The bounds an issue message carries, or undefined for any other issue. */
export function readOutOfRange(message: string | undefined): { min: number; max: number } | undefined {
  const match = /^OUT_OF_RANGE (-?\d+) (-?\d+)$/.exec(message ?? '');
  return match ? { min: Number(match[1]), max: Number(match[2]) } : undefined;
}
