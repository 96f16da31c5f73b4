// SSRF-guarded HTTP client for URLs fetched on a user's behalf and for outbound webhooks.
//
// - only http/https, no credentials in the URL, no internal host names;
// - we resolve DNS ourselves and refuse the request if ANY address is not public unicast (private, loopback,
//   link-local, unique-local, CGNAT, multicast, unspecified, reserved, IPv4-mapped, NAT64, 6to4) or is a cloud
//   metadata address, in any notation (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`, `[::ffff:127.0.0.1]`);
// - the socket connects to the address we checked (a pinned `lookup`), so DNS rebinding cannot swap it, and
//   request-filtering-agent checks that address again as the socket opens (filtering-agent.ts);
// - redirects are an error by default, or followed by hand (each hop re-checked, at most `maxRedirects`);
// - a byte cap (Content-Length and streamed), one deadline for the whole exchange, and check hooks.
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AllowedNetworks } from './allowed-networks.ts';
import { filteringAgent, refusedByFilter } from './filtering-agent.ts';
import { blockedAddressReason, blockedHostnameReason, parseIpLiteral } from './ip.ts';

export type GuardedFetchErrorReason =
  | 'invalid_url'
  | 'unsupported_protocol'
  | 'credentials_in_url'
  | 'blocked_host'
  | 'blocked_address'
  | 'host_not_allowed'
  | 'dns_failed'
  | 'redirect'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'network'
  | 'http_status'
  | 'rejected_content';

export class GuardedFetchError extends Error {
  readonly reason: GuardedFetchErrorReason;
  /** The URL of the hop that failed. */
  readonly url?: string;
  /** HTTP status, for `http_status` and `redirect`. */
  readonly status?: number;

  constructor(reason: GuardedFetchErrorReason, message: string, options: { url?: string; status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'GuardedFetchError';
    this.reason = reason;
    this.url = options.url;
    this.status = options.status;
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface ResponseInfo {
  status: number;
  headers: IncomingHttpHeaders;
  /** Lower-case media type without parameters, '' when absent. */
  contentType: string;
  contentLength: number | null;
  url: string;
}

export interface GuardedFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Largest accepted response body; default 10 MB. */
  maxBytes?: number;
  /** Deadline for the whole exchange (DNS, connect, every hop, body); default 15 s. */
  timeoutMs?: number;
  /** `error` (default): any 3xx with a Location is an error. `follow`: follow by hand, each hop re-checked. */
  redirect?: 'error' | 'follow';
  /** Most hops followed with `redirect: 'follow'`; default 3. */
  maxRedirects?: number;
  /**
   * Optional allow-list of hosts (checked on every hop): `files.example.com`, `*.example.com`
   * (subdomains only), optionally with `:port`. Address checks still apply.
   */
  allowHosts?: readonly string[];
  /**
   * TEST ONLY escape hatch: exact `ip:port` targets (`127.0.0.1:43123`, `[::1]:43123`) that may be private.
   * Never set this from configuration in production.
   */
  allowPrivateFor?: readonly string[];
  /**
   * Private networks and host names the operator allows (e.g. a self-hosted n8n): a blocked address inside
   * a listed network, or any non-metadata address of a listed host name, passes. A host name the guard
   * refuses by name (single label, `.lan`, `localhost`) passes when it is listed or when every address it
   * resolves to lies in a listed network.
   */
  allowNetworks?: AllowedNetworks;
  /** Called with the status and headers before the body is read; throw to reject. */
  checkResponse?: (info: ResponseInfo) => void;
  /** Called with the complete body; throw to reject. */
  checkBody?: (body: Buffer, info: ResponseInfo) => void | Promise<void>;
  /** Extra trusted CA certificates for https (tests, private CAs); the certificate is checked against the URL's host name. */
  ca?: string | Buffer | Array<string | Buffer>;
  /** DNS resolver; defaults to the system resolver (getaddrinfo, all addresses). */
  resolve?: Resolver;
  signal?: AbortSignal;
}

export interface GuardedResponse extends ResponseInfo {
  body: Buffer;
  /** The address the final hop connected to. */
  address: string;
  /** Every URL requested, first to last. */
  redirects: string[];
}

export const GUARDED_FETCH_DEFAULTS = {
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 3,
  userAgent: 'image-studio/1.0 (+guarded-fetch)',
} as const;

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

interface CheckedTarget {
  url: URL;
  /** Host name as given to the TLS layer and the Host header; IPv6 without brackets. */
  hostname: string;
  port: number;
  address: string;
  family: 4 | 6;
  isLiteral: boolean;
  /** The address is not public but the operator's networks (or the test escape hatch) let it through. */
  allowedPrivate: boolean;
}

function defaultPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function hostMatches(pattern: string, hostname: string, port: number): boolean {
  const entry = pattern.toLowerCase().trim();
  let hostPart = entry;
  let portPart: number | null = null;
  const portMatch = /^(.*):(\d+)$/.exec(entry);
  if (portMatch?.[1] && !entry.endsWith(']') && (portMatch[1].startsWith('[') || !portMatch[1].includes(':'))) {
    hostPart = portMatch[1];
    portPart = Number(portMatch[2]);
  }
  hostPart = hostPart.replace(/^\[|\]$/g, '');
  if (portPart !== null && portPart !== port) return false;
  if (hostPart.startsWith('*.')) return hostname.endsWith(hostPart.slice(1)) && hostname.length > hostPart.length - 1;
  return hostname === hostPart;
}

/** Canonical `ip:port` (IPv6 fully expanded in brackets) for comparing escape-hatch entries. */
function canonicalTarget(host: string, port: number): string | null {
  const parsed = parseIpLiteral(host);
  return parsed ? `${parsed.family === 6 ? `[${parsed.text}]` : parsed.text}:${port}` : null;
}

function escapeHatchAllows(options: GuardedFetchOptions, address: string, port: number): boolean {
  if (!options.allowPrivateFor?.length) return false;
  const wanted = canonicalTarget(address, port);
  return options.allowPrivateFor.some((entry) => {
    const match = /^(.*):(\d{1,5})$/.exec(entry.trim());
    return match?.[1] !== undefined && wanted !== null && canonicalTarget(match[1], Number(match[2])) === wanted;
  });
}

class Deadline {
  readonly at: number;
  constructor(ms: number) {
    this.at = Date.now() + ms;
  }
  remaining(): number {
    return Math.max(0, this.at - Date.now());
  }
  /** Races a promise against the deadline. */
  async race<T>(promise: Promise<T>, url: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new GuardedFetchError('timeout', 'The request timed out.', { url })), this.remaining());
    });
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Parses and checks one URL without fetching it (scheme, credentials, host name, allow-list, every
 * resolved address); e.g. to validate a webhook URL when it is saved. Throws `GuardedFetchError`.
 */
export async function checkUrl(input: string | URL, options: GuardedFetchOptions = {}): Promise<{ url: string; address: string }> {
  const target = await checkTarget(input, options, new Deadline(options.timeoutMs ?? GUARDED_FETCH_DEFAULTS.timeoutMs));
  return { url: target.url.href, address: target.address };
}

async function checkTarget(input: string | URL, options: GuardedFetchOptions, deadline: Deadline): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch (cause) {
    throw new GuardedFetchError('invalid_url', 'The URL is not valid.', { cause });
  }
  const href = url.href;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GuardedFetchError('unsupported_protocol', `Only http and https URLs are allowed (got ${url.protocol}).`, { url: href });
  }
  if (url.username || url.password)
    throw new GuardedFetchError('credentials_in_url', 'URLs with credentials are not allowed.', { url: href });
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!hostname) throw new GuardedFetchError('invalid_url', 'The URL has no host.', { url: href });
  const port = defaultPort(url);
  if (options.allowHosts && !options.allowHosts.some((pattern) => hostMatches(pattern, hostname, port))) {
    throw new GuardedFetchError('host_not_allowed', `The host ${hostname} is not allowed here.`, { url: href });
  }

  const literal = parseIpLiteral(hostname);
  const allowed = options.allowNetworks?.isEmpty === false ? options.allowNetworks : undefined;
  let candidates: ResolvedAddress[];
  // A name the guard refuses on sight may still pass through the operator's list (decided per address below).
  let nameReason: string | null = null;
  if (literal) {
    candidates = [{ address: literal.text, family: literal.family }];
  } else {
    nameReason = blockedHostnameReason(hostname);
    if (nameReason && !(allowed && nameReason !== 'metadata name')) {
      throw new GuardedFetchError('blocked_host', `The host ${hostname} is not allowed (${nameReason}).`, { url: href });
    }
    const resolve = options.resolve ?? systemResolver;
    try {
      const lookup = resolve(hostname);
      candidates = await deadline.race(lookup, href);
    } catch (cause) {
      if (cause instanceof GuardedFetchError) throw cause;
      throw new GuardedFetchError('dns_failed', `The host ${hostname} could not be resolved.`, { url: href, cause });
    }
    if (candidates.length === 0) throw new GuardedFetchError('dns_failed', `The host ${hostname} has no address.`, { url: href });
  }

  // Every address must pass, otherwise a round-robin answer could still lead inside.
  for (const candidate of candidates) {
    const parsed = parseIpLiteral(candidate.address);
    const reason = parsed ? blockedAddressReason(parsed) : 'reserved';
    const operatorAllows = parsed !== null && allowed?.allows(hostname, parsed) === true;
    if (nameReason && !operatorAllows) {
      throw new GuardedFetchError('blocked_host', `The host ${hostname} is not allowed (${nameReason}).`, { url: href });
    }
    if (reason && !operatorAllows && !escapeHatchAllows(options, candidate.address, port)) {
      throw new GuardedFetchError('blocked_address', `The address of ${hostname} is not allowed (${reason}).`, { url: href });
    }
  }
  const chosen = candidates[0] as ResolvedAddress;
  const parsedChosen = parseIpLiteral(chosen.address);
  return {
    url,
    hostname,
    port,
    address: parsedChosen?.family === 4 ? parsedChosen.text : chosen.address,
    family: parsedChosen?.family ?? chosen.family,
    isLiteral: literal !== null,
    allowedPrivate: parsedChosen !== null && blockedAddressReason(parsedChosen) !== null,
  };
}

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

function mediaType(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

interface RawResponse {
  info: ResponseInfo;
  response: IncomingMessage;
}

function requestOnce(
  target: CheckedTarget,
  options: GuardedFetchOptions,
  method: string,
  body: Uint8Array | undefined,
  deadline: Deadline,
): Promise<RawResponse> {
  const { url } = target;
  return new Promise<RawResponse>((resolvePromise, reject) => {
    const headers: Record<string, string> = {
      'user-agent': GUARDED_FETCH_DEFAULTS.userAgent,
      'accept-encoding': 'identity',
      ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([key, value]) => [key.toLowerCase(), value])),
      host: url.host,
    };
    if (body) headers['content-length'] = String(body.byteLength);
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request({
      method,
      protocol: url.protocol,
      host: target.isLiteral ? target.address : target.hostname,
      port: target.port,
      path: `${url.pathname}${url.search}`,
      headers,
      agent: filteringAgent(url.protocol, target.family, target.allowedPrivate ? target.address : undefined),
      lookup: pinnedLookup(target.address, target.family),
      ...(url.protocol === 'https:' && !target.isLiteral ? { servername: target.hostname } : {}),
      ...(url.protocol === 'https:' && options.ca ? { ca: options.ca } : {}),
    });
    let current: IncomingMessage | undefined;
    // One deadline for connect, headers and body: destroy whichever stream is live with a timeout error.
    const abort = (message: string) => {
      const error = new GuardedFetchError('timeout', message, { url: url.href });
      if (current) current.destroy(error);
      else request.destroy(error);
    };
    const timer = setTimeout(() => abort('The request timed out.'), deadline.remaining());
    const onAbort = () => abort('The request was aborted.');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    request.on('error', (cause) => {
      cleanup();
      if (cause instanceof GuardedFetchError) return reject(cause);
      if (refusedByFilter(cause)) {
        return reject(
          new GuardedFetchError('blocked_address', `The address of ${target.hostname} is not allowed.`, { url: url.href, cause }),
        );
      }
      reject(new GuardedFetchError('network', `The request failed: ${cause.message}`, { url: url.href, cause }));
    });
    request.on('response', (response) => {
      current = response;
      const lengthHeader = response.headers['content-length'];
      const contentLength = lengthHeader && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
      // The timer keeps running while the caller reads the body; `readBody` clears it.
      response.once('close', cleanup);
      resolvePromise({
        response,
        info: {
          status: response.statusCode ?? 0,
          headers: response.headers,
          contentType: mediaType(response.headers),
          contentLength,
          url: url.href,
        },
      });
    });
    if (options.signal?.aborted) onAbort();
    request.end(body);
  });
}

function readBody(raw: RawResponse, maxBytes: number): Promise<Buffer> {
  const { response, info } = raw;
  return new Promise<Buffer>((resolvePromise, reject) => {
    if (info.contentLength !== null && info.contentLength > maxBytes) {
      response.destroy();
      reject(new GuardedFetchError('too_large', `The response is larger than ${maxBytes} bytes.`, { url: info.url }));
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    response.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        settled = true;
        response.destroy();
        reject(new GuardedFetchError('too_large', `The response is larger than ${maxBytes} bytes.`, { url: info.url }));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => {
      if (settled) return;
      settled = true;
      resolvePromise(Buffer.concat(chunks, total));
    });
    response.on('error', (cause) => {
      if (settled) return;
      settled = true;
      reject(
        cause instanceof GuardedFetchError
          ? cause
          : new GuardedFetchError('network', `Reading the response failed: ${cause.message}`, { url: info.url, cause }),
      );
    });
    response.on('close', () => {
      if (settled) return;
      settled = true;
      reject(new GuardedFetchError('network', 'The connection closed before the response ended.', { url: info.url }));
    });
  });
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches a URL through the SSRF guard. Resolves with any HTTP status (check `status` yourself, or
 * throw from `checkResponse`); rejects with `GuardedFetchError`.
 */
export async function guardedFetch(input: string | URL, options: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const deadline = new Deadline(options.timeoutMs ?? GUARDED_FETCH_DEFAULTS.timeoutMs);
  const maxBytes = options.maxBytes ?? GUARDED_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? GUARDED_FETCH_DEFAULTS.maxRedirects;
  let method: string = options.method ?? 'GET';
  let body = typeof options.body === 'string' ? Buffer.from(options.body) : options.body;
  let current: string | URL = input;
  const visited: string[] = [];

  for (let hop = 0; ; hop++) {
    const target = await checkTarget(current, options, deadline);
    visited.push(target.url.href);
    const raw = await requestOnce(target, options, method, body, deadline);
    const { info, response } = raw;
    const location = info.headers.location;
    if (REDIRECT_STATUSES.has(info.status) && location) {
      response.destroy();
      if ((options.redirect ?? 'error') === 'error') {
        throw new GuardedFetchError('redirect', `The server answered with a redirect (${info.status}), which is not followed.`, {
          url: info.url,
          status: info.status,
        });
      }
      if (hop >= maxRedirects) {
        throw new GuardedFetchError('too_many_redirects', `More than ${maxRedirects} redirects.`, { url: info.url, status: info.status });
      }
      try {
        current = new URL(location, target.url);
      } catch (cause) {
        throw new GuardedFetchError('invalid_url', 'The redirect location is not a valid URL.', { url: info.url, cause });
      }
      if (info.status === 303 || ((info.status === 301 || info.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }

    try {
      options.checkResponse?.(info);
    } catch (cause) {
      response.destroy();
      throw asRejected(cause, info.url);
    }
    if (method === 'HEAD') response.resume();
    const bytes = method === 'HEAD' ? Buffer.alloc(0) : await readBody(raw, maxBytes);
    try {
      await options.checkBody?.(bytes, info);
    } catch (cause) {
      throw asRejected(cause, info.url);
    }
    return { ...info, body: bytes, address: target.address, redirects: visited };
  }
}

function asRejected(cause: unknown, url: string): GuardedFetchError {
  if (cause instanceof GuardedFetchError) return cause;
  const message = cause instanceof Error ? cause.message : 'The response was rejected.';
  return new GuardedFetchError('rejected_content', message, { url, cause });
}
