import { type components, request, useQuery } from '@app/api-client';

export type ApiToken = components['schemas']['ApiToken'];
export type CreatedApiToken = components['schemas']['CreatedApiToken'];

/** The name the spec gives the token made for a user who opens the page with none. */
export const DEFAULT_TOKEN_NAME = 'Default API Token';

/** The signed-in user's tokens (masked), asked again each time the page opens so they are never another user's. */
export function useApiTokens(enabled: boolean) {
  return useQuery('/api/user-tokens', enabled ? {} : null, { revalidateOnMount: true });
}

// One default-token request per user at a time, however many effects ask (strict mode runs them twice).
const defaultTokenRequests = new Map<string, Promise<CreatedApiToken>>();

/**
 * Creates the default token for `userId`, sharing the request already on its way if there is one. A plain request,
 * not a mutation: it starts from an effect, and its failure is toasted by the caller in its own words.
 */
export function createDefaultToken(userId: string): Promise<CreatedApiToken> {
  let pending = defaultTokenRequests.get(userId);
  if (!pending) {
    pending = request('post', '/api/user-tokens', { body: { name: DEFAULT_TOKEN_NAME } }).finally(() =>
      defaultTokenRequests.delete(userId),
    );
    defaultTokenRequests.set(userId, pending);
  }
  return pending;
}
