import { describe, expect, it } from 'vitest';
import { isOptionalHttpUrl } from './urlField.ts';

describe('optional http(s) address', () => {
  it('accepts empty and http(s) addresses', () => {
    for (const ok of ['', '  ', 'https://studio.example.com', 'http://127.0.0.1:3000/cb']) expect(isOptionalHttpUrl(ok), ok).toBe(true);
  });

  it('rejects other schemes and text that is not an address', () => {
    for (const bad of ['ftp://example.com', 'example.com', 'javascript:alert(1)']) expect(isOptionalHttpUrl(bad), bad).toBe(false);
  });
});
