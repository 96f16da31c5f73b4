// IP address classification for the SSRF guard, on ipaddr.js's parsing. Pure functions, no I/O.
import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

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

/**
 * Cloud metadata endpoints (AWS/GCP/Azure/OpenStack IMDS, ECS task metadata, AWS's IPv6 one, Azure's wire server):
 * refused whatever an operator allows.
 */
export const METADATA_ADDRESSES: readonly string[] = ['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '168.63.129.16'];

/**
 * What request-filtering-agent's rule (any ipaddr.js range but `unicast`) lets through and we still refuse, per family:
 * the metadata addresses (Azure's looks public) and IPv6 outside global unicast 2000::/3 (ipaddr.js calls `::7f00:1`,
 * the IPv4-compatible loopback, and `4000::1` unicast).
 */
export const DENIED_RANGES: Readonly<Record<4 | 6, readonly string[]>> = {
  4: METADATA_ADDRESSES.filter((text) => !text.includes(':')).map((text) => `${text}/32`),
  6: [...METADATA_ADDRESSES.filter((text) => text.includes(':')).map((text) => `${text}/128`), '::/3', '4000::/2', '8000::/1'],
};

const metadata = new Set(METADATA_ADDRESSES.map((text) => (parseIpLiteral(text) as ParsedAddress).text));
const denied = {
  4: DENIED_RANGES[4].map((cidr) => ipaddr.IPv4.parseCIDR(cidr)),
  6: DENIED_RANGES[6].map((cidr) => ipaddr.IPv6.parseCIDR(cidr)),
};

export function isMetadataAddress(address: ParsedAddress): boolean {
  return metadata.has(address.text);
}

/**
 * Why an address must not be contacted, or null for a public unicast address: the rule request-filtering-agent
 * applies at the socket (guarded-fetch.ts), judged here first so a refusal names its reason (`loopback`, `private`,
 * `link local`, `carrier grade nat`, `ipv4 mapped`, ..., `metadata`) before anything connects.
 */
export function blockedAddressReason(address: string | ParsedAddress): string | null {
  const parsed = typeof address === 'string' ? parseIpLiteral(address) : address;
  if (!parsed) return 'reserved';
  if (isMetadataAddress(parsed)) return 'metadata';
  const range = parsed.address.range();
  if (range !== 'unicast') return range.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  const inDenied =
    parsed.family === 4
      ? denied[4].some((cidr) => (parsed.address as ipaddr.IPv4).match(cidr))
      : denied[6].some((cidr) => (parsed.address as ipaddr.IPv6).match(cidr));
  return inDenied ? 'reserved' : null;
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
