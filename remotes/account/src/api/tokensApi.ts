import { api, type components, unwrap, useApi } from '@app/api-client';

export type ApiToken = components['schemas']['ApiToken'];
export type CreatedApiToken = components['schemas']['CreatedApiToken'];

/** The name the spec gives the token made for a user who opens the page with none. */
export const DEFAULT_TOKEN_NAME = 'Default API Token';

/** The signed-in user's tokens (masked), asked again each time the page opens so they are never another user's. */
export function useApiTokens(enabled: boolean) {
  return useApi('/api/user-tokens', enabled ? {} : null, { revalidateOnMount: true });
}

export async function createApiToken(name: string): Promise<CreatedApiToken> {
  return unwrap(await api.POST('/api/user-tokens', { body: { name } }));
}

export async function deleteApiToken(id: string): Promise<void> {
  unwrap(await api.DELETE('/api/user-tokens/{id}', { params: { path: { id } } }));
}

// One default-token request per user at a time, however many effects ask (strict mode runs them twice).
const defaultTokenRequests = new Map<string, Promise<CreatedApiToken>>();

/** Creates the default token for `userId`, sharing the request already on its way if there is one. */
export function createDefaultToken(userId: string): Promise<CreatedApiToken> {
  let request = defaultTokenRequests.get(userId);
  if (!request) {
    request = createApiToken(DEFAULT_TOKEN_NAME).finally(() => defaultTokenRequests.delete(userId));
    defaultTokenRequests.set(userId, request);
  }
  return request;
}
