// An operator's list of private networks an outbound request may still reach (self-hosted n8n on a LAN,
// in Docker or on the same host): CIDRs (`192.168.1.0/24`, `fd00::/8`), single addresses and host names
// (`n8n`, `*.corp.example`). Everything else the SSRF guard refuses stays refused, and cloud metadata
// addresses and names are never allowed, whatever the list says.
import type ipaddr from 'ipaddr.js';
import { blockedHostnameReason, isMetadataAddress, type ParsedAddress, parseIpLiteral } from './ip.ts';

interface Cidr {
  family: 4 | 6;
  range: [ipaddr.IPv4 | ipaddr.IPv6, number];
}

const HOST_NAME = /^(\*\.)?(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export class AllowedNetworksError extends Error {
  constructor(entry: string) {
    super(
      `Not a network, address or host name: ${JSON.stringify(entry.slice(0, 100))} (write 10.0.0.0/8, 192.168.1.20, fd00::/8, n8n or *.lan)`,
    );
    this.name = 'AllowedNetworksError';
  }
}

export class AllowedNetworks {
  readonly entries: readonly string[];
  readonly #cidrs: Cidr[] = [];
  readonly #hosts: string[] = [];

  /** Throws `AllowedNetworksError` for an entry that is neither a CIDR, an address nor a host name. */
  constructor(entries: readonly string[]) {
    this.entries = entries.map((entry) => entry.trim()).filter(Boolean);
    for (const entry of this.entries) {
      const cidr = parseCidr(entry);
      if (cidr) this.#cidrs.push(cidr);
      else if (HOST_NAME.test(entry.toLowerCase())) this.#hosts.push(entry.toLowerCase());
      else throw new AllowedNetworksError(entry);
    }
  }

  get isEmpty(): boolean {
    return this.entries.length === 0;
  }

  /**
   * Whether `address`, reached through `hostname`, may be contacted although the guard would refuse it:
   * the host name is listed (exactly, or under a `*.` entry) or the address lies in a listed network.
   * Metadata names and addresses never may.
   */
  allows(hostname: string, address: ParsedAddress): boolean {
    const plain = unmapped(address);
    if (isMetadataAddress(plain)) return false;
    const host = hostname.toLowerCase().replace(/\.$/, '');
    if (blockedHostnameReason(host) === 'metadata name') return false;
    const listedHost = this.#hosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
    return listedHost || this.#cidrs.some((cidr) => cidr.family === plain.family && inCidr(plain, cidr));
  }
}

/** `::ffff:10.0.0.1` is judged as `10.0.0.1`, so a v4 CIDR covers what dual-stack sockets report. */
function unmapped(address: ParsedAddress): ParsedAddress {
  const { address: ip } = address;
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    const v4 = (ip as ipaddr.IPv6).toIPv4Address();
    return { family: 4, address: v4, text: v4.toString() };
  }
  return address;
}

function parseCidr(entry: string): Cidr | null {
  const [host = '', prefixText, ...rest] = entry.split('/');
  if (rest.length) return null;
  // Only canonical notations: `0177.1` style literals are for attackers, not for configuration.
  if (!/^[0-9.]+$/.test(host) && !host.includes(':')) return null;
  const parsed = parseIpLiteral(host.replace(/^\[|\]$/g, ''));
  if (!parsed || (parsed.family === 4 && parsed.text !== host)) return null;
  const bits = parsed.family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return { family: parsed.family, range: [parsed.address, prefix] };
}

/** Only called with the same family (ipaddr.js refuses to compare an IPv4 with an IPv6 address). */
function inCidr(address: ParsedAddress, cidr: Cidr): boolean {
  return address.address.match(cidr.range);
}
