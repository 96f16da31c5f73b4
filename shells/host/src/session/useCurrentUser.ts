import { useSyncExternalStore } from 'react';
import { type AuthState, authStore } from './authStore.ts';

/** The signed-in user as last saved or answered, or null for visitors; re-renders on every change. */
export function useCurrentUser(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
