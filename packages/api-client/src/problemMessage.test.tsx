// @vitest-environment happy-dom
// A problem shown outside the shared failure toast reads in the reader's language when the host words its code.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { ApiError, type Problem } from './problem.ts';
import { ProblemWordsContext, useProblemMessage } from './problemMessage.ts';

const problem = (code: string): Problem => ({
  type: 'about:blank',
  title: 'Not enough credits',
  detail: 'You need 2 credits and have 0.',
  message: 'You need 2 credits and have 0.',
  status: 402,
  code,
  retryable: false,
});

let text = '';
/** Records what `useProblemMessage` says of `error`. */
function Probe({ error }: { error: unknown }) {
  text = useProblemMessage()(error, 'fallback');
  return null;
}

/** What `useProblemMessage` says of `error`, rendered under `words` (or under no provider). */
async function said(error: unknown, words?: (problem: Problem) => string | undefined): Promise<string> {
  text = '';
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const root = createRoot(document.createElement('div'));
  await act(async () =>
    root.render(
      words ? (
        <ProblemWordsContext value={words}>
          <Probe error={error} />
        </ProblemWordsContext>
      ) : (
        <Probe error={error} />
      ),
    ),
  );
  await act(async () => root.unmount());
  return text;
}

describe('useProblemMessage', () => {
  const vietnamese = (p: Problem) => (p.code === 'insufficient_credits' ? 'Không đủ credit.' : undefined);

  it("words a problem the host knows in the reader's language", async () => {
    expect(await said(new ApiError(problem('insufficient_credits')), vietnamese)).toBe('Không đủ credit.');
  });

  it("keeps the server's text for a code without words, and the fallback for what is no problem", async () => {
    expect(await said(new ApiError(problem('something_new')), vietnamese)).toBe('You need 2 credits and have 0.');
    expect(await said(new TypeError('Failed to fetch'), vietnamese)).toBe('fallback');
  });

  it("without a host's words, is toMessage", async () => {
    expect(await said(new ApiError(problem('insufficient_credits')))).toBe('You need 2 credits and have 0.');
  });
});
