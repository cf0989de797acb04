import { BlockList, isIP } from 'node:net';

/**
 * Who may send a facility's ADT (decision FEED-52): a sender names its MSH-3 (sending
 * application) and MSH-4 (sending facility), each null for any, and the addresses it may connect
 * from, each an address or a CIDR range. Node's BlockList does the address arithmetic.
 */
export interface AdtSenderRule {
  readonly sending_application: string | null;
  readonly sending_facility: string | null;
  readonly addresses: readonly string[];
}

/** What a message says of its sender, and where its connection came from. */
export interface AdtOrigin {
  /** The connection's remote address (IPv4, IPv6, or IPv4-mapped IPv6). */
  readonly address: string;
  /** MSH-3.1 and MSH-4.1, trimmed. */
  readonly sendingApplication: string;
  readonly sendingFacility: string;
}

/** Why a message was refused, for the operator's log only (the sender is told none of it). */
export type AdtSenderRefusal = 'no senders listed' | 'sender not listed' | 'address not allowed';

type Family = 'ipv4' | 'ipv6';

function familyOf(address: string): Family | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/**
 * Adds `10.1.2.0/24`, `10.1.2.7` or `fd00::/8` to the list; false when the text is neither an
 * address nor an address with a prefix length its family allows.
 */
function addRange(list: BlockList, text: string): boolean {
  const [address = '', prefix, ...rest] = text.trim().split('/');
  const family = familyOf(address);
  if (!family || rest.length > 0) return false;
  try {
    if (prefix === undefined) list.addAddress(address, family);
    else if (/^\d{1,3}$/.test(prefix)) list.addSubnet(address, Number(prefix), family);
    else return false;
    return true;
  } catch {
    // BlockList refuses a prefix longer than the family's (ERR_OUT_OF_RANGE).
    return false;
  }
}

/** Whether the text is an address or a CIDR range (what a sender's `addresses` hold). */
export function isAddressRange(text: string): boolean {
  return addRange(new BlockList(), text);
}

function rangesOf(addresses: readonly string[]): BlockList {
  const list = new BlockList();
  for (const text of addresses) addRange(list, text);
  return list;
}

function inRanges(addresses: readonly string[], address: string): boolean {
  const family = familyOf(address);
  // BlockList matches an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) against IPv4 ranges.
  return family !== undefined && rangesOf(addresses).check(address, family);
}

const names = (rule: AdtSenderRule, origin: AdtOrigin) =>
  (rule.sending_application === null || rule.sending_application === origin.sendingApplication) &&
  (rule.sending_facility === null || rule.sending_facility === origin.sendingFacility);

/**
 * Undefined when one of the facility's senders names the message's MSH-3 and MSH-4 (exactly, as
 * the facility itself is compared) and lists its address; otherwise why not.
 */
export function refuseSender(
  rules: readonly AdtSenderRule[],
  origin: AdtOrigin,
): AdtSenderRefusal | undefined {
  if (rules.length === 0) return 'no senders listed';
  const named = rules.filter((rule) => names(rule, origin));
  if (named.length === 0) return 'sender not listed';
  return named.some((rule) => inRanges(rule.addresses, origin.address)) ? undefined : 'address not allowed';
}
