import { createContext, useCallback, useContext } from 'react';
import { ApiError, type Problem, toMessage } from './problem.ts';

/**
 * A problem's words in the reader's language (from its stable `code`), or undefined to keep the server's text. The
 * host provides it around the app; this package knows no catalogue.
 */
export const ProblemWordsContext = createContext<(problem: Problem) => string | undefined>(() => undefined);

/** `toMessage` in the reader's language: for an error shown outside the shared failure toast (a card, a field, a dialog). */
export function useProblemMessage(): (error: unknown, fallback: string) => string {
  const words = useContext(ProblemWordsContext);
  return useCallback(
    (error: unknown, fallback: string) => (error instanceof ApiError ? words(error.problem) : undefined) ?? toMessage(error, fallback),
    [words],
  );
}
