import { PRODUCT_VERSION } from '@careboard/contracts';

/** careboard-20261201T101500Z-0.2.0.backup.gz: the UTC time first, so names sort by age. */
const NAME = /^careboard-(\d{8}T\d{6}Z)-[0-9A-Za-z.+-]+\.backup\.gz$/;

/** A backup's file name: when (UTC, to the second) and by which version. */
export function backupFileName(at: Date, version = PRODUCT_VERSION): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `careboard-${stamp}-${version}.backup.gz`;
}

/** When a file of that name was made; undefined for any other file. */
export function backupTimeOf(name: string): Date | undefined {
  const stamp = NAME.exec(name)?.[1];
  if (!stamp) return undefined;
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13)}`;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
