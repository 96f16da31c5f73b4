import { describe, expect, it } from 'vitest';
import { readAuthReturn } from './authReturn.ts';

describe('Google return parameters', () => {
  it('reads a success with the encoded user', () => {
    const user = encodeURIComponent(JSON.stringify({ username: 'ann.lee' }));
    expect(readAuthReturn(`?auth=success&user=${user}`)).toEqual({ outcome: 'success', username: 'ann.lee' });
  });

  it('reads an error with its message', () => {
    expect(readAuthReturn('?auth=error&message=Google%20sign-in%20was%20cancelled.')).toEqual({
      outcome: 'error',
      message: 'Google sign-in was cancelled.',
    });
    expect(readAuthReturn('?auth=error')).toEqual({ outcome: 'error', message: null });
  });

  it('tolerates a user parameter that is not JSON', () => {
    expect(readAuthReturn('?auth=success&user=%7Bbroken')).toEqual({ outcome: 'success', username: null });
  });

  it('ignores addresses without a known outcome', () => {
    expect(readAuthReturn('')).toBeNull();
    expect(readAuthReturn('?auth=maybe')).toBeNull();
    expect(readAuthReturn('?user=x')).toBeNull();
  });
});
