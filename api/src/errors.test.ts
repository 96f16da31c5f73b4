import { PROBLEM_LIMITS, Problem } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpProblem, issuesToFieldErrors, notFound, problemType, tooManyRequests, toPointer, validationFailed } from './errors.ts';

/** RFC 6901 parsing, to check pointers round-trip. */
const parsePointer = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));

describe('field pointers', () => {
  it('prefix the location and join path segments', () => {
    expect(toPointer('body', ['items', 0, 'url'])).toBe('/body/items/0/url');
    expect(toPointer('query', ['page'])).toBe('/query/page');
    expect(toPointer('params', [])).toBe('/params');
  });

  it('stringify symbols and escape ~ and /', () => {
    expect(toPointer('body', [Symbol('meta'), 'a/b', 'c~d'])).toBe('/body/meta/a~1b/c~0d');
  });

  it('round-trip any path of strings and numbers', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.nat())), (path) => {
        expect(parsePointer(toPointer('body', path))).toEqual(['body', ...path.map(String)]);
      }),
    );
  });

  it('come from real zod issues, one per unknown key', () => {
    const schema = z.strictObject({ name: z.string().min(3), tags: z.array(z.string()) });
    const result = schema.safeParse({ name: 'ab', tags: ['ok', 5], extra: 1 });
    expect(result.success).toBe(false);
    const pointers = issuesToFieldErrors(result.error?.issues ?? [], 'body').map((e) => e.pointer);
    expect(pointers.sort()).toEqual(['/body/extra', '/body/name', '/body/tags/1']);
  });
});

describe('problems', () => {
  it('derive a stable type URI from the code', () => {
    expect(problemType('validation_failed')).toBe('/problems/validation-failed');
    expect(notFound().toProblem('req-1')).toEqual({
      type: '/problems/not-found',
      title: 'Not found',
      status: 404,
      detail: 'The requested resource was not found.',
      message: 'The requested resource was not found.',
      instance: 'req-1',
      code: 'not_found',
      retryable: false,
    });
  });

  it('validationFailed carries one field error per issue', () => {
    const problem = validationFailed([{ path: ['page'], message: 'Too small' }], 'query');
    expect(problem).toBeInstanceOf(HttpProblem);
    expect(problem.status).toBe(400);
    expect(problem.toProblem().errors).toEqual([{ pointer: '/query/page', detail: 'Too small' }]);
  });

  it('put the field reasons in detail and message, the sentence clients like n8n display', () => {
    const issues = [
      { path: ['prompt'], message: 'Prompt is required' },
      { path: ['input', 'image_size'], message: 'Invalid option.' },
    ];
    const body = validationFailed(issues, 'body').toProblem();
    expect(body.detail).toMatch(/prompt: Prompt is required\. input\.image_size: Invalid option\.$/);
    expect(body.message).toBe(body.detail);
    const many = validationFailed(
      Array.from({ length: 7 }, (_, i) => ({ path: [`f${i}`], message: 'Required' })),
      'body',
    ).toProblem();
    expect(many.message).toMatch(/f4: Required\. \(2 more\)$/);
    expect(many.message).not.toContain('f5');
  });

  it('do not repeat a field reason the detail already says', () => {
    const errors = [{ pointer: '/body/username', detail: 'Username is already taken' }];
    const body = new HttpProblem({
      status: 409,
      code: 'username_taken',
      title: 'Conflict',
      detail: 'Username is already taken',
      errors,
    }).toProblem();
    expect(body.message).toBe('Username is already taken');
    expect(body.errors).toEqual(errors);
  });

  it('fall back to the title for message when there is no detail', () => {
    expect(new HttpProblem({ status: 500, code: 'internal_error', title: 'Internal server error' }).toProblem().message).toBe(
      'Internal server error',
    );
  });

  it("stay within the contract's limits however much input went wrong", () => {
    const hugeKey = 'k'.repeat(5000);
    const issues = Array.from({ length: 150 }, (_, i) => ({ path: [`${hugeKey}${i}`], message: `Unknown field '${hugeKey}'` }));
    const body = validationFailed(issues, 'body').toProblem();
    expect(Problem.safeParse(body).success).toBe(true);
    expect(body.errors).toHaveLength(PROBLEM_LIMITS.errors);
    expect(body.errors?.[0]?.pointer.length).toBe(PROBLEM_LIMITS.pointer);
    expect(body.errors?.[0]?.pointer.endsWith('…')).toBe(true);
    expect(body.detail?.length).toBe(PROBLEM_LIMITS.text);
    expect(body.message).toBe(body.detail);
  });

  it('never halve an emoji when cutting', () => {
    const detail = '\ud83d\udca5'.repeat(PROBLEM_LIMITS.text);
    const body = new HttpProblem({ status: 400, code: 'bad_request', title: 'Bad request', detail }).toProblem();
    expect(body.detail?.length).toBeLessThanOrEqual(PROBLEM_LIMITS.text);
    expect(body.detail).toMatch(/^(\ud83d\udca5)+…$/u);
  });

  it('tooManyRequests is retryable and sets Retry-After in whole seconds', () => {
    const problem = tooManyRequests(2.2);
    expect(problem.status).toBe(429);
    expect(problem.retryable).toBe(true);
    expect(problem.headers['Retry-After']).toBe('3');
  });
});
