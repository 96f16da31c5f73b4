import { describe, expect, it } from 'vitest';
import { googleClientSettings } from './google-settings.ts';

const on = {
  googleAuthEnabled: true,
  googleClientId: ' id ',
  googleClientSecret: 'secret',
  googleRedirectUri: 'https://app.example/api/auth/google/callback',
};

describe('googleClientSettings', () => {
  it('answers trimmed settings when switched on and complete', () => {
    expect(googleClientSettings(on)).toEqual({ clientId: 'id', clientSecret: 'secret', redirectUri: on.googleRedirectUri });
  });

  it.each([
    { googleAuthEnabled: false },
    { googleClientId: null },
    { googleClientSecret: '' },
    { googleRedirectUri: null },
    { googleRedirectUri: '/relative' },
    { googleRedirectUri: 'javascript:alert(1)' },
  ])('is off with %o', (change) => {
    expect(googleClientSettings({ ...on, ...change })).toBeUndefined();
  });
});
