// IP address parsing and classification for the SSRF guard. Pure functions, no I/O.
import { isIPv4, isIPv6 } from 'node:net';

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
  /** 32-bit (IPv4) or 128-bit (IPv6) value. */
  value: bigint;
  /** Canonical text: dotted quad, or RFC 5952-ish lower-case IPv6 without brackets. */
  text: string;
}

/**
 * Parses an IPv4 host the way WHATWG URL and inet_aton do: 1 to 4 parts, each decimal, octal (leading 0)
 * or hex (0x); the last part fills the remaining bytes. So `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1`
 * are all 127.0.0.1. Returns null when the text is not such a number.
 */
export function parseIPv4Loose(input: string): number | null {
  let host = input;
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length === 0 || host.length > 64) return null;
  const parts = host.split('.');
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    let n: number;
    if (/^0[xX][0-9a-fA-F]*$/.test(part)) n = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) n = Number.parseInt(part.slice(1), 8);
    else if (/^(?:0|[1-9][0-9]*)$/.test(part)) n = Number.parseInt(part, 10);
    else return null;
    if (!Number.isSafeInteger(n)) return null;
    numbers.push(n);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return value;
}

export function ipv4ToText(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** Parses an IPv6 literal (with or without brackets, with an embedded dotted quad); zone ids are refused. */
export function parseIPv6(input: string): bigint | null {
  let host = input;
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.includes('%') || !isIPv6(host)) return null;
  let head = host.toLowerCase();
  // An embedded IPv4 tail (::ffff:127.0.0.1) becomes two hextets.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (tail?.[1]) {
    const v4 = tail[1].split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    head = `${head.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = '', right] = head.split('::');
  const leftParts = left ? left.split(':') : [];
  const rightParts = right !== undefined && right !== '' ? right.split(':') : [];
  const missing = 8 - leftParts.length - rightParts.length;
  if (right === undefined && missing !== 0) return null;
  const groups = [...leftParts, ...Array<string>(right === undefined ? 0 : missing).fill('0'), ...rightParts];
  if (groups.length !== 8) return null;
  let value = 0n;
  for (const group of groups) value = (value << 16n) | BigInt(Number.parseInt(group, 16));
  return value;
}

export function ipv6ToText(value: bigint): string {
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(((value >> BigInt(i * 16)) & 0xffffn).toString(16));
  return groups.join(':');
}

/** Parses any IP literal host (IPv4 in any inet_aton notation, or IPv6); null for a DNS name. */
export function parseIpLiteral(host: string): ParsedAddress | null {
  const v6 = parseIPv6(host);
  if (v6 !== null) return { family: 6, value: v6, text: ipv6ToText(v6) };
  if (host.includes(':') || host.includes('[')) return null;
  const v4 = parseIPv4Loose(host);
  if (v4 !== null) return { family: 4, value: BigInt(v4), text: ipv4ToText(v4) };
  return null;
}

type Range = readonly [base: bigint, prefix: number, reason: BlockReason];

function v4(text: string, prefix: number, reason: BlockReason): Range {
  return [BigInt(parseIPv4Loose(text) as number), prefix, reason];
}

function v6(text: string, prefix: number, reason: BlockReason): Range {
  return [parseIPv6(text) as bigint, prefix, reason];
}

const IPV4_BLOCKED: readonly Range[] = [
  v4('0.0.0.0', 8, 'unspecified'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'cgnat'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link_local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'),
  v4('192.0.2.0', 24, 'documentation'),
  v4('192.88.99.0', 24, 'reserved'),
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation'),
  v4('203.0.113.0', 24, 'documentation'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('255.255.255.255', 32, 'broadcast'),
  v4('240.0.0.0', 4, 'reserved'),
  // Azure's wire server / metadata relay, a public-looking address reachable only from inside a VM.
  v4('168.63.129.16', 32, 'metadata'),
];

/** Ranges inside 2000::/3 (global unicast) that are still special. */
const IPV6_GLOBAL_BLOCKED: readonly Range[] = [
  v6('2001:db8::', 32, 'documentation'),
  v6('2001::', 23, 'ipv6_special'),
  v6('3fff::', 20, 'documentation'),
];

/** Named ranges outside 2000::/3, for clearer reasons (everything outside 2000::/3 is blocked anyway). */
const IPV6_NAMED: readonly Range[] = [
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  v6('fe80::', 10, 'link_local'),
  v6('fc00::', 7, 'unique_local'),
  v6('fec0::', 10, 'site_local'),
  v6('ff00::', 8, 'multicast'),
];

function inRange(value: bigint, bits: number, [base, prefix]: Range): boolean {
  const shift = BigInt(bits - prefix);
  return value >> shift === base >> shift;
}

function classifyIPv4(value: bigint): BlockReason | null {
  for (const range of IPV4_BLOCKED) if (inRange(value, 32, range)) return range[2];
  return null;
}

const MAPPED_PREFIX = parseIPv6('::ffff:0:0') as bigint;
const NAT64_PREFIX = parseIPv6('64:ff9b::') as bigint;
const SIX_TO_FOUR = parseIPv6('2002::') as bigint;
const GLOBAL_UNICAST = parseIPv6('2000::') as bigint;

function classifyIPv6(value: bigint): BlockReason | null {
  // IPv4-mapped (::ffff:a.b.c.d) and the NAT64 well-known prefix carry an IPv4 address: judge that one.
  if (value >> 32n === MAPPED_PREFIX >> 32n || value >> 32n === NAT64_PREFIX >> 32n) return classifyIPv4(value & 0xffffffffn);
  // 6to4 (2002:AABB:CCDD::/48) tunnels to the embedded IPv4 address.
  if (value >> 112n === SIX_TO_FOUR >> 112n) return classifyIPv4((value >> 80n) & 0xffffffffn);
  if (value >> 125n === GLOBAL_UNICAST >> 125n) {
    for (const range of IPV6_GLOBAL_BLOCKED) if (inRange(value, 128, range)) return range[2];
    return null;
  }
  for (const range of IPV6_NAMED) if (inRange(value, 128, range)) return range[2];
  return 'ipv6_special';
}

/** Why an address must not be contacted, or null when it is a public unicast address. */
export function blockedAddressReason(address: string | ParsedAddress): BlockReason | null {
  const parsed = typeof address === 'string' ? parseIpLiteral(address) : address;
  if (!parsed) return 'reserved';
  return parsed.family === 4 ? classifyIPv4(parsed.value) : classifyIPv6(parsed.value);
}

export function isPublicAddress(address: string): boolean {
  return (isIPv4(address) || isIPv6(address.replace(/^\[|\]$/g, ''))) && blockedAddressReason(address) === null;
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
