import { useProblemMessage } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { useEffect, useRef } from 'react';
import { type ApiToken, type CreatedApiToken, createDefaultToken } from './tokensApi.ts';

interface TokensState {
  data: ApiToken[] | undefined;
  /** True while the list is being (re)asked: a cached empty list is not trusted. */
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

/**
 * Gives a user who opens the page with no token a 'Default API Token' (spec 000 §4), at most once per
 * visit of the page: the ref survives strict mode's second effect run, and `createDefaultToken` shares
 * a request already under way. Deleting every token afterwards does not bring one back until the next visit.
 */
export function useDefaultToken(userId: string | undefined, tokens: TokensState, onCreated: (token: CreatedApiToken) => void) {
  const t = useT();
  const problemMessage = useProblemMessage();
  const attempted = useRef(false);
  const { data, isValidating, mutate } = tokens;
  // biome-ignore lint/correctness/useExhaustiveDependencies: t, mutate and onCreated are read when the list first comes back empty
  useEffect(() => {
    if (!userId || !data || isValidating || data.length > 0 || attempted.current) return;
    attempted.current = true;
    createDefaultToken(userId)
      .then((created) => {
        onCreated(created);
        return mutate();
      })
      .catch((failure: unknown) => {
        const description = problemMessage(failure, t('account.genericError'));
        toast({ title: t('account.createDefaultTokenFailed'), description, variant: 'error' });
      });
  }, [userId, data, isValidating]);
}
