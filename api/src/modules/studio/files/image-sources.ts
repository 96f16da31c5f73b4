// Where an image address points: one of our stored files, the provider's result hosts, or anywhere else.
// Tasks and the proxy only accept the first two.
import type { FieldError } from '@app/contract';
import type { FileStorage } from '../../../storage/storage.ts';

export type ImageSource = { kind: 'stored'; key: string } | { kind: 'provider'; url: URL } | { kind: 'other'; reason: string };

/** Stored files a task may use: uploads and results (thumbnails and private state are not inputs). */
const TASK_INPUT_PREFIXES = ['uploads/', 'results/'];

/**
 * Whether a URL's host is on an allow-list of `host`, `*.host` (subdomains only) or `host:port` entries,
 * compared on the parsed (canonical) host name, so `0x7f.1` and `127.0.0.1` are the same host.
 */
export function isAllowedHost(allowHosts: readonly string[], url: URL): boolean {
  const hostname = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return allowHosts.some((raw) => {
    const entry = raw.trim().toLowerCase();
    const withPort = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(entry);
    const host = (withPort?.[1] ?? entry).replace(/^\[|\]$/g, '');
    if (withPort && Number(withPort[2]) !== port) return false;
    if (host.startsWith('*.')) return hostname.endsWith(host.slice(1)) && hostname.length > host.length - 1;
    return hostname === host;
  });
}

/** Classifies an address without fetching it. */
export function classifyImageUrl(storage: FileStorage, allowHosts: readonly string[], address: string): ImageSource {
  const key = storage.keyFromPublicUrl(address);
  if (key) return { kind: 'stored', key };
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { kind: 'other', reason: 'Not a valid address.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'other', reason: 'Only http(s) addresses are accepted.' };
  if (url.username || url.password) return { kind: 'other', reason: 'Addresses with credentials are not accepted.' };
  if (isAllowedHost(allowHosts, url)) return { kind: 'provider', url };
  return { kind: 'other', reason: 'Use an image uploaded here, one of your results, or a provider result address.' };
}

/**
 * Checks image inputs of a task: each must be an existing stored upload/result or on the provider's
 * result hosts. Returns one field error per refused address, pointed at `/body/<field>[/index]`.
 */
export async function checkTaskImageInputs(
  storage: FileStorage,
  allowHosts: readonly string[],
  inputs: { pointer: string; url: string }[],
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const { pointer, url } of inputs) {
    const source = classifyImageUrl(storage, allowHosts, url);
    if (source.kind === 'other') errors.push({ pointer, detail: source.reason });
    else if (source.kind === 'stored') {
      if (!TASK_INPUT_PREFIXES.some((prefix) => source.key.startsWith(prefix))) {
        errors.push({ pointer, detail: 'This stored file cannot be used as an input.' });
      } else if (!(await storage.exists(source.key))) {
        errors.push({ pointer, detail: 'This image no longer exists. Upload it again.' });
      }
    }
  }
  return errors;
}
