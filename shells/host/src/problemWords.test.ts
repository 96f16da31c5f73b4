import type { Problem } from '@app/api-client';
import { describe, expect, it } from 'vitest';
import { problemWords } from './problemWords.ts';

const problem = (code: string): Problem => ({ type: 'about:blank', title: 'x', status: 402, code, message: 'x', retryable: false });
const t = (key: string) => `vi:${key}`;

describe('problemWords', () => {
  it("words a known code in Vietnamese, keeps the server's English for English readers and for codes it does not know", () => {
    expect(problemWords(problem('insufficient_credits'), 'vi', t as never)).toBe('vi:common.problem_insufficient_credits');
    expect(problemWords(problem('insufficient_credits'), 'en', t as never)).toBeUndefined();
    expect(problemWords(problem('toString'), 'vi', t as never)).toBeUndefined();
  });
});
