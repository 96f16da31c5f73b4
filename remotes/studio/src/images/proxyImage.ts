import { api } from '@app/api-client';

/** A non-OK answer of the image proxy; the UI words it as 'Failed to fetch image: {status} {text}'. */
export class ProxyFetchError extends Error {
  readonly status: number;
  readonly statusText: string;
  constructor(status: number, statusText: string) {
    super(`Failed to fetch image: ${status} ${statusText}`);
    this.name = 'ProxyFetchError';
    this.status = status;
    this.statusText = statusText;
  }
}

/**
 * The bytes of one of our images through GET /api/proxy-image (same origin, so no CORS trouble
 * with result hosts). Used to download an image and to preload one for upscaling.
 */
export async function fetchThroughProxy(url: string, signal?: AbortSignal): Promise<Blob> {
  const { data, response } = await api.GET('/api/proxy-image', { params: { query: { url } }, parseAs: 'blob', signal });
  if (!response.ok || !data) throw new ProxyFetchError(response.status, response.statusText);
  return data;
}
