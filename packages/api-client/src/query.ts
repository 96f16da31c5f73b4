import type { ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import { type Key, type SWRConfiguration, unstable_serialize, useSWRConfig } from 'swr';
import { createInfiniteHook, createQueryHook } from 'swr-openapi';
import { api } from './client.ts';
import type { paths } from './generated/schema.d.ts';

/** The first element of every API cache key: `['api', path, init]`. */
export const KEY_PREFIX = 'api';

/** An API cache key of a GET of `path`, with its request init (query parameters). */
export type ApiKey = readonly [typeof KEY_PREFIX, string, { params?: { query?: Record<string, unknown> } }?];

/** Whether an SWR cache key is the GET of exactly `path` (any query). */
export const isApiKey = (key: unknown, path: string): key is ApiKey => Array.isArray(key) && key[0] === KEY_PREFIX && key[1] === path;

type GetPath = ClientPathsWithMethod<typeof api, 'get'>;
export type GetData<P extends GetPath> = Required<
  FetchResponse<paths[P]['get'], MaybeOptionalInit<paths[P], 'get'>, 'application/json'>
>['data'];

/** The spec's data fetching defaults: never stale, no refetch on focus or interval unless asked, no retries. */
export const swrDefaults: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateIfStale: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  dedupingInterval: 500,
};

const useOperation = createQueryHook(api, KEY_PREFIX);

/**
 * SWR for a GET operation, typed from the spec: `useQuery(path, init?, config?)`; `null` as init skips the request.
 * A failure's `error` is the answer's Problem. A left-out init counts as `{}`, so `useQuery(path)` and
 * `useQuery(path, {}, config)` share one cache entry.
 */
export const useQuery = ((path: string, init: unknown = {}, config?: unknown) =>
  (useOperation as (...args: unknown[]) => unknown)(path, init, config)) as typeof useOperation;

/**
 * SWR infinite for a cursor-paged GET: `useInfiniteQuery(path, (index, previousPage) => init | null, config?)`. Its own
 * key prefix: the live cache writers, which patch `api` keys one answer at a time, leave its pages alone (revalidate
 * it with its `mutate`).
 */
export const useInfiniteQuery = createInfiniteHook(api, 'api-pages');

/**
 * Marks the cached GETs under the given paths stale. Shown ones are read again and keep their answer meanwhile; the
 * others are dropped, since nothing would re-read them and a page opened later would show the old answer.
 */
export function useInvalidate() {
  const { mutate, cache } = useSWRConfig();
  return (...paths: readonly string[]) => {
    const matched: Key[] = [];
    const reread = mutate((key) => {
      const hit = Array.isArray(key) && key[0] === KEY_PREFIX && paths.some((path) => String(key[1]).startsWith(path));
      if (hit) matched.push(key);
      return hit;
    });
    // A shown entry started its re-read above, which marks it validating at once; the rest has no hook to re-read it.
    for (const key of matched) {
      const id = unstable_serialize(key);
      if (!cache.get(id)?.isValidating) cache.delete(id);
    }
    return reread;
  };
}
