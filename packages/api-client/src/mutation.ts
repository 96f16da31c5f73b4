import type { ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import { createContext, useContext, useState } from 'react';
import { api } from './client.ts';
import type { paths } from './generated/schema.d.ts';
import { ApiError, type Problem, toFieldErrors, toMessage, toProblem } from './problem.ts';
import { useInvalidate } from './query.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type PathOf<M extends Method> = ClientPathsWithMethod<typeof api, M>;
type Init<M extends Method, P extends PathOf<M>> = MaybeOptionalInit<paths[P], M>;
type Data<M extends Method, P extends PathOf<M>> = Required<
  FetchResponse<NonNullable<paths[P][M]>, Init<M, P>, 'application/json'>
>['data'];
/** The init may be left out where the operation has nothing required. */
type InitArgs<I> = Record<never, never> extends I ? [init?: I] : [init: I];

/** One call through the shared client: the answer's data, or an ApiError carrying its Problem. */
export async function request<M extends Method, P extends PathOf<M>>(method: M, path: P, ...[init]: InitArgs<Init<M, P>>) {
  const send = api.request as (m: string, p: string, i?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const { data, error, response } = await send(method, path, init);
  if (!response.ok) throw new ApiError(toProblem(error, response));
  return data as Data<M, P>;
}

/** A failed change as the user is told of it. */
export interface MutationFailure {
  title: string;
  description: string;
}

/**
 * How the UI tells of a failed change: the host provides it around the app (a toast); this package knows no UI.
 * Without a provider the failure is logged.
 */
export const MutationFailureContext = createContext<(failure: MutationFailure) => void>(({ title, description }) =>
  console.error(`${title}: ${description}`),
);

export interface MutationOptions<D, I> {
  /** The failure's title (a toast's, in the app). */
  failure: string;
  /** The failure's text when the answer has no words of its own (offline, a bug). */
  fallback: string;
  /** GET paths (and everything under them) the change makes stale. */
  invalidates?: readonly string[];
  /** Runs after a success; a throw here is a failure like any other. */
  onSuccess?: (data: D, init: I | undefined) => unknown;
  /** Words a problem where the spec fixes another wording than its detail. */
  describe?: (problem: Problem) => string;
}

/**
 * A changing call (`method` `path`) for a component: `pending` while it runs; on a problem the failure told to the
 * user (`MutationFailureContext`) and the problem's field errors for the form's `validationErrors`; on success the
 * `invalidates` paths re-read where shown and dropped elsewhere, then `onSuccess`. `trigger` resolves to `{ data }` on success, else undefined (already told).
 * `setFieldErrors` lets a form drop a server message once its field is edited.
 */
export function useMutation<M extends Method, P extends PathOf<M>>(method: M, path: P, options: MutationOptions<Data<M, P>, Init<M, P>>) {
  const invalidate = useInvalidate();
  const tell = useContext(MutationFailureContext);
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const trigger = async (...args: InitArgs<Init<M, P>>): Promise<{ data: Data<M, P> } | undefined> => {
    setPending(true);
    setFieldErrors({});
    try {
      const data = await request(method, path, ...args);
      if (options.invalidates) void invalidate(...options.invalidates);
      await options.onSuccess?.(data, args[0]);
      return { data };
    } catch (error) {
      setFieldErrors(toFieldErrors(error));
      const { describe } = options;
      const description = describe && error instanceof ApiError ? describe(error.problem) : toMessage(error, options.fallback);
      tell({ title: options.failure, description });
      return undefined;
    } finally {
      setPending(false);
    }
  };

  return { trigger, pending, fieldErrors, setFieldErrors };
}
