// IP address classification for the SSRF guard, on ipaddr.js's parsing. Pure functions, no I/O.
import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

export type BlockReason =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'unique_local'
  | 'site_local'
  | 'metadata'
  | 'ipv6_special';

export interface ParsedAddress {
  family: 4 | 6;
  address: ipaddr.IPv4 | ipaddr.IPv6;
  /** Canonical text: dotted quad, or lower-case IPv6 with every group written and no brackets. */
  text: string;
}

/**
 * Parses any IP literal host (IPv6 with or without brackets, zone ids refused; IPv4 in any inet_aton notation:
 * `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` are all 127.0.0.1, as WHATWG URL reads them); null for a DNS name.
 */
export function parseIpLiteral(input: string): ParsedAddress | null {
  const host = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  if (isIPv6(host)) {
    if (host.includes('%')) return null;
    // ipaddr.js reads `::a.b.c.d` (IPv4-compatible, deprecated) as `::ffff:a.b.c.d`; it is not that address.
    const compatible = /^::(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    const v6 = compatible?.[1] ? ipaddr.IPv6.parse(`::${hextets(ipaddr.IPv4.parse(compatible[1]))}`) : ipaddr.IPv6.parse(host);
    return { family: 6, address: v6, text: v6.toNormalizedString() };
  }
  if (input.includes(':') || input.includes('[')) return null;
  // A trailing dot and a bare `0x` part are what WHATWG URL also accepts and ipaddr.js does not.
  const loose = host
    .replace(/\.$/, '')
    .split('.')
    .map((part) => (/^0x$/i.test(part) ? '0' : part))
    .join('.');
  if (host.length > 64 || !ipaddr.IPv4.isValid(loose)) return null;
  const v4 = ipaddr.IPv4.parse(loose);
  return { family: 4, address: v4, text: v4.toString() };
}

/** The two low hextets that carry an IPv4 address. */
function hextets(v4: ipaddr.IPv4): string {
  const [a = 0, b = 0, c = 0, d = 0] = v4.octets;
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

type Ranges<Address> = Partial<Record<BlockReason, [Address, number][]>>;

const cidrs = <Address extends ipaddr.IPv4 | ipaddr.IPv6>(
  parse: (text: string) => [Address, number],
  table: Partial<Record<BlockReason, string[]>>,
): Ranges<Address> => Object.fromEntries(Object.entries(table).map(([reason, list]) => [reason, list.map(parse)]));

// The first matching reason wins, in this order (255.255.255.255 is a broadcast before it is reserved).
const IPV4_BLOCKED = cidrs((text) => ipaddr.IPv4.parseCIDR(text), {
  unspecified: ['0.0.0.0/8'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
  cgnat: ['100.64.0.0/10'],
  loopback: ['127.0.0.0/8'],
  link_local: ['169.254.0.0/16'],
  documentation: ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'],
  benchmarking: ['198.18.0.0/15'],
  multicast: ['224.0.0.0/4'],
  broadcast: ['255.255.255.255/32'],
  reserved: ['192.0.0.0/24', '192.88.99.0/24', '240.0.0.0/4'],
  // Azure's wire server / metadata relay, a public-looking address reachable only from inside a VM.
  metadata: ['168.63.129.16/32'],
});

/** Ranges inside 2000::/3 (global unicast) that are still special. */
const IPV6_GLOBAL_BLOCKED = cidrs((text) => ipaddr.IPv6.parseCIDR(text), {
  documentation: ['2001:db8::/32', '3fff::/20'],
  ipv6_special: ['2001::/23'],
});

/** Named ranges outside 2000::/3, for clearer reasons (everything outside 2000::/3 is blocked anyway). */
const IPV6_NAMED = cidrs((text) => ipaddr.IPv6.parseCIDR(text), {
  unspecified: ['::/128'],
  loopback: ['::1/128'],
  link_local: ['fe80::/10'],
  unique_local: ['fc00::/7'],
  site_local: ['fec0::/10'],
  multicast: ['ff00::/8'],
});

const MAPPED = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

function reasonIn<Address extends ipaddr.IPv4 | ipaddr.IPv6>(address: Address, ranges: Ranges<Address>): BlockReason | null {
  const reason = ipaddr.subnetMatch(address, ranges as Parameters<typeof ipaddr.subnetMatch>[1], '');
  return reason ? (reason as BlockReason) : null;
}

function classifyIPv6(address: ipaddr.IPv6): BlockReason | null {
  const bytes = address.toByteArray();
  // IPv4-mapped (::ffff:a.b.c.d) and the NAT64 well-known prefix carry an IPv4 address: judge that one.
  if (address.match(MAPPED) || address.match(NAT64)) {
    return reasonIn(new ipaddr.IPv4(bytes.slice(12, 16)), IPV4_BLOCKED);
  }
  // 6to4 (2002:AABB:CCDD::/48) tunnels to the embedded IPv4 address.
  if (address.match(SIX_TO_FOUR)) return reasonIn(new ipaddr.IPv4(bytes.slice(2, 6)), IPV4_BLOCKED);
  if (address.match(GLOBAL_UNICAST)) return reasonIn(address, IPV6_GLOBAL_BLOCKED);
  return reasonIn(address, IPV6_NAMED) ?? 'ipv6_special';
}

/** Why an address must not be contacted, or null when it is a public unicast address. */
export function blockedAddressReason(address: string | ParsedAddress): BlockReason | null {
  const parsed = typeof address === 'string' ? parseIpLiteral(address) : address;
  if (!parsed) return 'reserved';
  return parsed.address.kind() === 'ipv4' ? reasonIn(parsed.address, IPV4_BLOCKED) : classifyIPv6(parsed.address as ipaddr.IPv6);
}

/** Host names that always point inside: loopback names, cloud metadata names, internal TLDs, single labels. */
export function blockedHostnameReason(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback name';
  if (host === 'metadata.google.internal' || host === 'metadata.goog' || host === 'metadata' || host === 'instance-data') {
    return 'metadata name';
  }
  if (/\.(?:internal|local|localdomain|home\.arpa|intranet|lan)$/.test(host)) return 'internal name';
  if (!host.includes('.')) return 'single-label name';
  return null;
}
