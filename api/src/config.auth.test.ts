import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig: accounts settings', () => {
  it('defaults: Google issuer, 7-day idle and 30-day absolute sessions, auth limits per 15 minutes, no env admin', () => {
    const config = loadConfig({});
    expect(config.googleIssuer).toBe('https://accounts.google.com');
    expect(config.sessions).toEqual({ idleMs: 7 * 24 * 3_600_000, absoluteMs: 30 * 24 * 3_600_000 });
    expect(config.authRateLimits).toEqual({ windowMs: 900_000, loginPerIp: 100, loginPerUsername: 10, registerPerIp: 10 });
    expect(config.admin).toBeUndefined();
  });

  it('reads the first admin, the issuer, session lifetimes and limits', () => {
    const config = loadConfig({
      ADMIN_USERNAME: ' root ',
      ADMIN_PASSWORD: 'long enough',
      GOOGLE_ISSUER: 'http://127.0.0.1:9999',
      SESSION_IDLE_HOURS: '1',
      SESSION_ABSOLUTE_HOURS: '2',
      AUTH_RATE_WINDOW_SECONDS: '2',
      LOGIN_LIMIT_PER_IP: '5',
      LOGIN_LIMIT_PER_USERNAME: '3',
      REGISTER_LIMIT_PER_IP: '4',
    });
    expect(config.admin).toEqual({ username: 'root', password: 'long enough' });
    expect(config.googleIssuer).toBe('http://127.0.0.1:9999');
    expect(config.sessions).toEqual({ idleMs: 3_600_000, absoluteMs: 7_200_000 });
    expect(config.authRateLimits).toEqual({ windowMs: 2_000, loginPerIp: 5, loginPerUsername: 3, registerPerIp: 4 });
  });

  it('refuses half an admin, a short admin password, and sessions whose absolute life is below the idle one', () => {
    expect(() => loadConfig({ ADMIN_USERNAME: 'root' })).toThrow(/ADMIN_USERNAME, ADMIN_PASSWORD: set both or neither/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: '123' })).toThrow(/ADMIN_PASSWORD: must be at least 6/);
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '10', SESSION_ABSOLUTE_HOURS: '5' })).toThrow(/SESSION_ABSOLUTE_HOURS/);
    expect(() => loadConfig({ GOOGLE_ISSUER: 'ftp://x' })).toThrow(/GOOGLE_ISSUER: must be an http\(s\) URL/);
  });
});
