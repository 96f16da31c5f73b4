import { describe, expect, it } from 'vitest';
import { intentKeys } from './intentKeys.ts';
import { ApiError } from './problem.ts';

const problem = (status: number, code: string) =>
  new ApiError({ type: 'about:blank', title: code, message: code, status, code, retryable: status >= 500 });

describe('one Idempotency-Key per intent', () => {
  it('keeps the key for the same request until a definite answer, then starts a new intent', () => {
    const keys = intentKeys();
    const first = keys.keyFor({ body: { prompt: 'a kite' } });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.keyFor({ body: { prompt: 'a kite' } })).toBe(first);
    keys.ended();
    expect(keys.keyFor({ body: { prompt: 'a kite' } })).not.toBe(first);
  });

  it('another request is another intent', () => {
    const keys = intentKeys();
    expect(keys.keyFor({ body: { prompt: 'one' } })).not.toBe(keys.keyFor({ body: { prompt: 'two' } }));
  });

  it.each([
    ['no answer (network)', new TypeError('Failed to fetch'), true],
    ['a server error', problem(503, 'no_provider'), true],
    ['409 while the first still runs', problem(409, 'idempotency_in_progress'), true],
    ['a refusal that did nothing', problem(402, 'insufficient_credits'), false],
    ['a validation failure', problem(400, 'validation_failed'), false],
  ])('after %s the retry of the same request keeps its key: %s', (_, error, kept) => {
    const keys = intentKeys();
    const first = keys.keyFor({ body: { prompt: 'a kite' } });
    keys.ended(error);
    expect(keys.keyFor({ body: { prompt: 'a kite' } }) === first).toBe(kept);
  });
});
