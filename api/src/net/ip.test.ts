import { describe, expect, it } from 'vitest';
import { blockedAddressReason, blockedHostnameReason, parseIpLiteral } from './ip.ts';

describe('parseIpLiteral, IPv4 in every inet_aton notation', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['169.254.43518', '169.254.169.254'],
    ['0xa9fea9fe', '169.254.169.254'],
    ['10.0.0.1.', '10.0.0.1'],
    ['8.8.8.8', '8.8.8.8'],
  ])('%s is %s', (input, expected) => {
    expect(parseIpLiteral(input)).toMatchObject({ family: 4, text: expected });
  });

  it.each(['example.com', '1.2.3.4.5', '256.0.0.1', '1.2.3.256', '4294967296', '08.0.0.1', '1..2', '', '0xg', '127.0.0.1x'])(
    '%s is not an IPv4 address',
    (input) => {
      expect(parseIpLiteral(input)).toBeNull();
    },
  );
});

describe('parseIpLiteral, IPv6', () => {
  it('expands compressed forms, brackets and embedded IPv4', () => {
    const text = (input: string) => parseIpLiteral(input)?.text;
    expect(text('::1')).toBe('0:0:0:0:0:0:0:1');
    expect(text('[::1]')).toBe('0:0:0:0:0:0:0:1');
    expect(text('::')).toBe('0:0:0:0:0:0:0:0');
    expect(text('::ffff:127.0.0.1')).toBe('0:0:0:0:0:ffff:7f00:1');
    expect(text('::ffff:7f00:1')).toBe('0:0:0:0:0:ffff:7f00:1');
    expect(text('2001:DB8::8a2e:370:7334')).toBe('2001:db8:0:0:0:8a2e:370:7334');
    // IPv4-compatible (deprecated) is not IPv4-mapped.
    expect(text('::127.0.0.1')).toBe('0:0:0:0:0:0:7f00:1');
    expect(parseIpLiteral('fe80::1')?.family).toBe(6);
    expect(parseIpLiteral('fe80::1%eth0')).toBeNull();
    expect(parseIpLiteral('1::2::3')).toBeNull();
    expect(parseIpLiteral('[127.0.0.1]')).toBeNull();
    expect(parseIpLiteral('::0x7f.0.0.1')).toBeNull();
    expect(parseIpLiteral('::ffff:010.0.0.1')).toBeNull();
  });
});

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'link local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.64.0.1', 'carrier grade nat'],
    ['100.100.100.200', 'carrier grade nat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.192', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.88.99.1', 'reserved'],
    // Azure's wire server looks public: only our deny list refuses it.
    ['168.63.129.16', 'metadata'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link local'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'metadata'],
    ['fec0::1', 'deprecated site local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'ipv4 mapped'],
    ['::ffff:169.254.169.254', 'ipv4 mapped'],
    ['::ffff:10.0.0.1', 'ipv4 mapped'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'teredo'],
    ['3fff::1', 'reserved'],
    ['100::1', 'discard'],
    // ipaddr.js calls these unicast; they are outside global unicast 2000::/3.
    ['::127.0.0.1', 'reserved'],
    ['::8.8.8.8', 'reserved'],
    ['4000::1', 'reserved'],
    ['fe00::1', 'reserved'],
  ])('%s is blocked (%s)', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
  ])('%s is public', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });

  it('refuses IPv4-mapped and NAT64 forms even of public addresses, as request-filtering-agent does (fail closed)', () => {
    expect(blockedAddressReason('::ffff:8.8.8.8')).toBe('ipv4 mapped');
    expect(blockedAddressReason('64:ff9b::808:808')).toBe('rfc6052');
  });

  it('judges odd notations by the address they mean', () => {
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '[::1]']) {
      const parsed = parseIpLiteral(host);
      expect(parsed, host).not.toBeNull();
      expect(blockedAddressReason(parsed!), host).toBe('loopback');
    }
    expect(blockedAddressReason('[::ffff:127.0.0.1]')).toBe('ipv4 mapped');
    expect(blockedAddressReason('not an ip')).toBe('reserved');
  });
});

describe('blockedHostnameReason', () => {
  it.each([
    'localhost',
    'LOCALHOST.',
    'app.localhost',
    'metadata.google.internal',
    'metadata.goog',
    'db.internal',
    'printer.local',
    'intranet',
  ])('%s is refused by name', (host) => {
    expect(blockedHostnameReason(host)).not.toBeNull();
  });

  it.each(['example.com', 'tempfile.aiquickdraw.com', 'api.kie.ai'])('%s is fine by name', (host) => {
    expect(blockedHostnameReason(host)).toBeNull();
  });
});
