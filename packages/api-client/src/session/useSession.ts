import { useCallback } from 'react';
import { type SWRConfiguration, useSWRConfig } from 'swr';
import { isApiKey, useQuery } from '../query.ts';
import { type CurrentUser, readSavedUser } from './savedSession.ts';

/** Who is signed in, as the server says (spec: `GET /api/auth/current-user`). */
export const SESSION_PATH = '/api/auth/current-user';

/** The page's session as every part of the UI reads it. */
export interface Session {
  /**
   * A user, null for a visitor, undefined while nothing is known. Before the server's first answer in this page it is
   * the copy saved at the last visit (auth-storage); a first call that fails counts as a visitor; later re-reads
   * keep the last answer until the next one.
   */
  user: CurrentUser | null | undefined;
  /** Whether `user` comes from the server in this page (an answer, or a failed first call), not a saved copy. */
  checked: boolean;
  /** The session changed here (signed in, signed out): every reader shows `user` at once, without asking again. */
  setUser(user: CurrentUser | null): Promise<unknown>;
  /** Asks the server again; readers keep the last answer meanwhile. */
  refresh(): Promise<unknown>;
}

/** What the page learned besides the SWR entry: the copy saved at the last visit (read once) and the last answer. */
interface Memory {
  saved?: { user: CurrentUser | null | undefined };
  last?: { user: CurrentUser | null };
}

/** One memory per SWR cache, i.e. per page (the host and every remote share the cache). */
const memories = new WeakMap<object, Memory>();

/**
 * The one SWR entry of the session (host and remotes share it, so a change anywhere shows everywhere) and the page's
 * memory beside it. The entry's state is read through its getters, so a reader re-renders only for what it reads.
 */
export function useSessionQuery(config?: SWRConfiguration) {
  const query = useQuery(SESSION_PATH, {}, config);
  const { cache } = useSWRConfig();
  const memory = memories.get(cache) ?? {};
  memories.set(cache, memory);
  return { query, memory };
}

/** The rules every reader shares, from the entry's answer or failure. */
export function sessionOf({ query: { data, error }, memory }: ReturnType<typeof useSessionQuery>) {
  if (data) memory.last = { user: data.user };
  memory.saved ??= { user: readSavedUser() };
  const user = data ? data.user : memory.last ? memory.last.user : error !== undefined ? null : memory.saved.user;
  return { user, checked: data !== undefined || error !== undefined || memory.last !== undefined };
}

/**
 * The signed-in user for any component of the host or a remote. `refreshOnMount` asks the server again when the
 * component mounts (a page that shows the balance or the role); otherwise the host's answer is shared.
 */
export function useSession({ refreshOnMount = false }: { refreshOnMount?: boolean } = {}): Session {
  const entry = useSessionQuery(refreshOnMount ? { revalidateOnMount: true } : undefined);
  const { mutate } = entry.query;
  const setUser = useCallback((user: CurrentUser | null) => mutate({ user }, { revalidate: false }), [mutate]);
  const refresh = useCallback(() => mutate(), [mutate]);
  return { ...sessionOf(entry), setUser, refresh };
}

/** Asks the server who is signed in again, for a component that does not show the session (stable; no re-render). */
export function useRefreshSession(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  // One argument: re-read where shown, keeping the answer meanwhile.
  return useCallback(() => mutate((key) => isApiKey(key, SESSION_PATH)), [mutate]);
}
