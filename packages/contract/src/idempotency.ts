// `Idempotency-Key` on every call that creates or charges, declared the same way on each: the request header, the
// 409 and 422 problems and the `Idempotent-Replayed` answer header.
import type { ProblemExample, RouteDef } from './route.ts';
import { z } from './zod.ts';

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'Optional; send a new one per intent (the web forms send one per submission). Repeating a request with the same key and body within 24 h replays the first answer with `Idempotent-Replayed: true` and does nothing again (no second charge, task, order or token); the same key with another body is 422 `idempotency_key_reused`, and while the first is still running 409 `idempotency_in_progress`. Keys are per user.',
    )
    .openapi({ example: '3f1e9a0c-6b8d-4c1e-9d55-1f0b7c2e8a41' }),
});

/** The header a replayed answer carries; declare it on the success answers of an idempotent route. */
export const REPLAYED_HEADERS = {
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer of an earlier request with the same `Idempotency-Key`: nothing was done again.',
    schema: { type: 'string', maxLength: 4, pattern: '^true$' },
  },
} as const;

const IN_PROGRESS: ProblemExample = {
  code: 'idempotency_in_progress',
  title: 'Request in progress',
  detail: 'A request with this Idempotency-Key is still being processed. Retry shortly to get its answer.',
  retryable: true,
};

const KEY_REUSED: ProblemExample = {
  code: 'idempotency_key_reused',
  title: 'Idempotency key reused',
  detail: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
};

/** A route's problems and examples with the 409 and 422 of a repeated key added after its own. */
export function withIdempotencyProblems(
  problems: number[],
  examples: RouteDef['problemExamples'] = {},
): { problems: number[]; problemExamples: NonNullable<RouteDef['problemExamples']> } {
  return {
    problems: [...new Set([...problems, 409, 422])].sort((a, b) => a - b),
    problemExamples: { ...examples, 409: [...(examples[409] ?? []), IN_PROGRESS], 422: [...(examples[422] ?? []), KEY_REUSED] },
  };
}
