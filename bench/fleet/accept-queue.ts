import { readFileSync } from 'node:fs';

/**
 * Connections this machine's kernel dropped because a listening socket's accept queue was full
 * (TcpExt ListenOverflows, since boot): a client whose connection is dropped so waits for TCP to
 * send its SYN again, 1, 3, 7, 15 s later. Machine-wide: on the bench's machine, the bench's.
 */
export function listenOverflows(): number {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const at = lines.findIndex((line) => line.startsWith('TcpExt:'));
    const names = lines[at]?.split(/\s+/) ?? [];
    const values = lines[at + 1]?.split(/\s+/) ?? [];
    const index = names.indexOf('ListenOverflows');
    return index < 0 ? Number.NaN : Number(values[index]);
  } catch {
    return Number.NaN;
  }
}
