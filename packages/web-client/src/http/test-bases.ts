import type { ApiBases } from './api-bases.ts';

/** The server's default bases for PUBLIC_URL=https://board.example (docs/operations.md, "Runtime config"). */
export const testBases: ApiBases = Object.freeze({
  API_URL: 'https://board.example/api',
  SECURABLE_API_URL: 'https://board.example/api/securable',
  EXPORT_API_URL: 'https://board.example/api/export',
});
