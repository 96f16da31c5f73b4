import type { ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import { createContext, useContext, useRef, useState } from 'react';
import { api } from './client.ts';
import type { paths } from './generated/schema.d.ts';
import { type IntentKeys, intentKeys } from './intentKeys.ts';
import { ApiError, type Problem, toFieldErrors, toMessage, toProblem } from './problem.ts';
import { useInvalidate } from './query.ts';
import { REPEAT_PRESS_MS } from './submitOnce.ts';

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
  /** The server's problem, when it answered with one: its stable `code` lets the UI word it in the reader's language. */
  problem?: Problem;
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
  /** A problem the caller tells of in its own way (402: nothing started, buy credits): true when it did. */
  onProblem?: (problem: Problem) => boolean;
  /**
   * A call that creates or charges: each intent is sent with its own `Idempotency-Key` (the same one again when the
   * same call is repeated without a definite answer, see intentKeys.ts), and a trigger while one runs, or as part of
   * the same press as one that went through (a double click answered between its clicks), answers with that one's
   * result instead of sending.
   */
  idempotent?: boolean;
}

/** The init with the intent's `Idempotency-Key` header added. */
function withKey(init: unknown, keys: IntentKeys): unknown {
  const given = (init ?? {}) as { params?: { header?: object; path?: unknown; query?: unknown }; body?: unknown };
  const key = keys.keyFor({ path: given.params?.path, query: given.params?.query, body: given.body });
  return { ...given, params: { ...given.params, header: { ...given.params?.header, 'idempotency-key': key } } };
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
  const keys = useRef<IntentKeys>(intentKeys());
  const last = useRef<{
    answer: Promise<{ data: Data<M, P> } | undefined>;
    startedAt: number;
    done: boolean;
    succeeded: boolean;
    signature: string;
  }>(undefined);

  const send = async (...args: InitArgs<Init<M, P>>): Promise<{ data: Data<M, P> } | undefined> => {
    setPending(true);
    setFieldErrors({});
    const intent = options.idempotent ? keys.current : undefined;
    const sent = (intent ? [withKey(args[0], intent)] : args) as InitArgs<Init<M, P>>;
    try {
      let data: Data<M, P>;
      try {
        data = await request(method, path, ...sent);
      } catch (error) {
        intent?.ended(error);
        throw error;
      }
      intent?.ended();
      if (options.invalidates) void invalidate(...options.invalidates);
      await options.onSuccess?.(data, args[0]);
      return { data };
    } catch (error) {
      setFieldErrors(toFieldErrors(error));
      if (error instanceof ApiError && options.onProblem?.(error.problem)) return undefined;
      const { describe } = options;
      const description = describe && error instanceof ApiError ? describe(error.problem) : toMessage(error, options.fallback);
      tell({ title: options.failure, description, ...(error instanceof ApiError ? { problem: error.problem } : {}) });
      return undefined;
    } finally {
      setPending(false);
    }
  };

  const trigger = (...args: InitArgs<Init<M, P>>): Promise<{ data: Data<M, P> } | undefined> => {
    if (!options.idempotent) return send(...args);
    // One intent at a time: a repeat before the answer, or of the same press that went through (the same call within
    // REPEAT_PRESS_MS), gets that answer; a different call right after a success is a new intent; after a failure the
    // next trigger is a retry.
    const now = performance.now();
    const previous = last.current;
    const signature = intentSignature(args[0]);
    const samePress = previous?.succeeded && previous.signature === signature && now - previous.startedAt < REPEAT_PRESS_MS;
    if (previous && (!previous.done || samePress)) return previous.answer;
    const current = { answer: send(...args), startedAt: now, done: false, succeeded: false, signature };
    last.current = current;
    void current.answer.then((result) => {
      current.done = true;
      current.succeeded = result !== undefined;
    });
    return current.answer;
  };

  return { trigger, pending, fieldErrors, setFieldErrors };
}

/** What a call sends (its path parameters and body; a file by its name, size and date), to tell a repeat from a new call. */
function intentSignature(init: unknown): string {
  return JSON.stringify(init ?? null, (_key, value: unknown) => {
    if (typeof FormData !== 'undefined' && value instanceof FormData) return [...value.entries()];
    if (typeof File !== 'undefined' && value instanceof File) return { file: value.name, size: value.size, at: value.lastModified };
    if (typeof Blob !== 'undefined' && value instanceof Blob) return { blob: value.type, size: value.size };
    return value;
  });
}
