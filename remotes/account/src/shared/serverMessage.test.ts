import { ApiError } from '@app/api-client';
import { describe, expect, it } from 'vitest';
import { serverMessage } from './serverMessage.ts';

const problem = {
  type: 'about:blank',
  title: 'Validation failed',
  message: 'Validation failed',
  status: 400,
  code: 'validation_failed',
  retryable: false,
};

describe('serverMessage', () => {
  it('prefers the first field error over a generic detail', () => {
    const error = new ApiError({
      ...problem,
      detail: 'Invalid request body.',
      errors: [{ pointer: '/body/currentPassword', detail: 'Current password is incorrect' }],
    });
    expect(serverMessage(error, 'fallback')).toBe('Current password is incorrect');
  });

  it('uses the detail, then the fallback', () => {
    expect(serverMessage(new ApiError({ ...problem, status: 401, detail: 'Invalid username or password' }), 'fallback')).toBe(
      'Invalid username or password',
    );
    expect(serverMessage(undefined, 'fallback')).toBe('fallback');
  });
});
