import { describe, expect, it } from 'vitest';
import { type AdtOrigin, isAddressRange, refuseSender } from './adt-senders.ts';

const origin = (address: string, sendingApplication = 'EPIC', sendingFacility = 'MAIN'): AdtOrigin => ({
  address,
  sendingApplication,
  sendingFacility,
});

describe('who may send a facility’s ADT (FEED-52)', () => {
  it('takes addresses and CIDR ranges of both families, and nothing else', () => {
    for (const text of [
      '10.1.2.3',
      '10.20.0.0/16',
      ' 127.0.0.0/8 ',
      '0.0.0.0/0',
      '::1',
      '::1/128',
      'fd00::/8',
    ]) {
      expect(isAddressRange(text), text).toBe(true);
    }
    for (const text of [
      '',
      'loopback',
      '10.0.0',
      '10.0.0.0/33',
      '::/129',
      '10.0.0.0/8/8',
      '10.0.0.0/',
      '10.0.0.0/x',
    ]) {
      expect(isAddressRange(text), text).toBe(false);
    }
  });

  it('admits a listed sender from a listed address, an IPv4-mapped one included', () => {
    const rules = [
      { sending_application: 'EPIC', sending_facility: null, addresses: ['10.20.0.0/16', '10.9.9.9'] },
    ];
    expect(refuseSender(rules, origin('10.20.4.5'))).toBeUndefined();
    expect(refuseSender(rules, origin('10.9.9.9', 'EPIC', 'ANY-FACILITY'))).toBeUndefined();
    expect(refuseSender(rules, origin('::ffff:10.20.4.5'))).toBeUndefined();
  });

  it('says why not: no senders, a sender not listed (exact names), an address not allowed', () => {
    const rules = [{ sending_application: 'EPIC', sending_facility: 'MAIN', addresses: ['10.20.0.0/16'] }];
    expect(refuseSender([], origin('10.20.4.5'))).toBe('no senders listed');
    expect(refuseSender(rules, origin('10.20.4.5', 'epic'))).toBe('sender not listed');
    expect(refuseSender(rules, origin('10.20.4.5', 'EPIC', 'OTHER'))).toBe('sender not listed');
    expect(refuseSender(rules, origin('10.21.0.1'))).toBe('address not allowed');
    expect(refuseSender(rules, origin('not an address'))).toBe('address not allowed');
  });
});
