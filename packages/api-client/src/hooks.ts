import type { ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import useSWR, { type SWRConfiguration, useSWRConfig } from 'swr';
import { api } from './client.ts';
import type { paths } from './generated/schema.d.ts';
import { ApiError, toProblem } from './problem.ts';

type GetPath = ClientPathsWithMethod<typeof api, 'get'>;
type GetInit<P extends GetPath> = MaybeOptionalInit<paths[P], 'get'>;
export type GetData<P extends GetPath> = Required<FetchResponse<paths[P]['get'], GetInit<P>, 'application/json'>>['data'];

const PREFIX = 'api';

/** The spec's data fetching defaults: never stale, no refetch on focus or interval unless asked, no retries. */
export const swrDefaults: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateIfStale: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  dedupingInterval: 500,
};

/** GET through the shared client; throws ApiError on a problem answer. */
export async function fetchGet<P extends GetPath>(path: P, init?: GetInit<P>): Promise<GetData<P>> {
  const { data, error, response } = await (
    api.GET as (p: string, i?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>
  )(path, init);
  if (!response.ok) throw new ApiError(toProblem(error, response));
  return data as GetData<P>;
}

/**
 * SWR hook for a GET operation. Pass `null` as init to skip the request.
 * The cache key is `['api', path, init]`, so `useInvalidate` can refresh by path.
 */
export function useApi<P extends GetPath>(
  path: P,
  init: GetInit<P> | null = {} as GetInit<P>,
  config?: SWRConfiguration<GetData<P>, ApiError>,
) {
  const key = init === null ? null : ([PREFIX, path, init] as const);
  return useSWR<GetData<P>, ApiError>(key, () => fetchGet(path, init ?? undefined), config);
}

/** Revalidates every cached GET whose path starts with one of the given paths. */
export function useInvalidate() {
  const { mutate } = useSWRConfig();
  return (...paths: string[]) =>
    mutate((key) => Array.isArray(key) && key[0] === PREFIX && paths.some((p) => String(key[1]).startsWith(p)), undefined, {
      revalidate: true,
    });
}

/** Unwraps an openapi-fetch result: returns data or throws ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok) throw new ApiError(toProblem(result.error, result.response));
  return result.data as T;
}
