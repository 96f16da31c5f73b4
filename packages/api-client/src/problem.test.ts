import { describe, expect, it } from 'vitest';
import { ApiError, type Problem, toFieldErrors, toMessage, toProblem } from './problem.ts';

const invalid: Problem = {
  type: 'https://studio.example.com/problems/validation_failed',
  title: 'Invalid request',
  detail: 'Prompt is required',
  message: 'Prompt is required',
  status: 400,
  code: 'validation_failed',
  retryable: false,
  errors: [
    { pointer: '/body/prompt', detail: 'Prompt is required' },
    { pointer: '/body/prompt', detail: 'a second reason for the same field' },
    { pointer: '/body/settings/seed', detail: 'Seed must be between 10000 and 99999' },
    { pointer: '/body', detail: 'a reason for the whole body' },
  ],
};

describe('problems from any error body', () => {
  it('keeps a problem+json body as it is', () => {
    expect(toProblem(invalid, new Response(null, { status: 400 }))).toBe(invalid);
  });

  it('turns plain text or nothing into a problem with the status, retryable on 5xx only', () => {
    expect(toProblem('Bad gateway from the proxy', new Response(null, { status: 502 }))).toMatchObject({
      status: 502,
      title: '502: Bad gateway from the proxy',
      code: 'http_error',
      retryable: true,
    });
    expect(toProblem(undefined, new Response(null, { status: 404, statusText: 'Not Found' }))).toMatchObject({
      title: '404: Not Found',
      retryable: false,
    });
  });
});

describe('what the user reads', () => {
  it("shows a problem's first field error, else its detail, else its title; anything else gets the fallback", () => {
    expect(toMessage(new ApiError({ ...invalid, detail: 'Invalid request body.' }), 'Something went wrong')).toBe('Prompt is required');
    expect(toMessage({ ...invalid, errors: undefined, detail: 'Prompt too long' }, 'Something went wrong')).toBe('Prompt too long');
    expect(toMessage(new ApiError({ ...invalid, errors: undefined, detail: undefined }), 'Something went wrong')).toBe('Invalid request');
    expect(toMessage(new TypeError('Failed to fetch'), 'Something went wrong')).toBe('Something went wrong');
    expect(toMessage('not an error', 'Something went wrong')).toBe('Something went wrong');
  });

  it('gives each field its first reason, nested fields by their dotted path, and nothing for the whole body', () => {
    expect(toFieldErrors(new ApiError(invalid))).toEqual({
      prompt: 'Prompt is required',
      'settings.seed': 'Seed must be between 10000 and 99999',
    });
    expect(toFieldErrors(new Error('offline'))).toEqual({});
  });
});
