import { readFileSync } from 'node:fs';

/**
 * Connections this machine's kernel dropped because a listening socket's accept queue was full
 * (TcpExt ListenOverflows, since boot): a client whose connection is dropped so waits for TCP to
 * send its SYN again, 1, 3, 7, 15 s later. Machine-wide: on the bench's machine, the bench's.
 */
export function listenOverflows(): number {
  return kernelCounter('/proc/net/netstat', 'TcpExt:', 'ListenOverflows');
}

/**
 * Connection attempts that failed before they were established (Tcp AttemptFails, since boot): on
 * loopback, a screen's attempt refused because nothing listened on the port yet (a server still
 * starting). Machine-wide, as above.
 */
export function failedAttempts(): number {
  return kernelCounter('/proc/net/snmp', 'Tcp:', 'AttemptFails');
}

/** A counter of the kernel's, by its table's line prefix and its name in the header line above its values. */
function kernelCounter(file: string, prefix: string, name: string): number {
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((line) => line.startsWith(prefix));
    const names = lines[at]?.split(/\s+/) ?? [];
    const values = lines[at + 1]?.split(/\s+/) ?? [];
    const index = names.indexOf(name);
    return index < 0 ? Number.NaN : Number(values[index]);
  } catch {
    return Number.NaN;
  }
}
