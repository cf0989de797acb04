import { createHash } from 'node:crypto';

/**
 * The presence node of a server process (LIVE-54): a UUID made from its place, the machine's name,
 * the port and its index among the machine's processes. A process restarted in the same place is
 * the same node: its screens come back to rows that already name it, and its lease, renewed as it
 * starts, kept them online meanwhile. Two processes alive at once must not share a place
 * (CAREBOARD_NODE_NAME names the machine when its host name is not unique).
 */
export function presenceNodeId(machine: string, port: number, index: number): string {
  const hex = createHash('sha256').update(`careboard-presence\0${machine}\0${port}\0${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
