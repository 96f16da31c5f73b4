import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a fresh checkout', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', nodeEnv: 'development', isProduction: false, corsOrigins: [] });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(`${REPO_ROOT}data`);
    expect(config.secretKey.length).toBeGreaterThanOrEqual(32);
    expect(config.remotes.admin).toBe('/remotes/admin/remoteEntry.js');
  });

  it('bounds the wait for a database connection: 10 s by default, configurable, never unbounded', () => {
    expect(loadConfig({}).databaseConnectTimeoutMs).toBe(10_000);
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '1500' }).databaseConnectTimeoutMs).toBe(1500);
    // pg reads 0 as "wait forever".
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS: /);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('reads lists, remote overrides and flags', () => {
    const config = loadConfig({
      PORT: '8080',
      CORS_ORIGINS: 'http://localhost:5173, https://admin.example.com',
      REMOTE_ADMIN_URL: 'https://admin.example.com/remoteEntry.js',
      REMOTE_LAB_TOOLS_URL: '/remotes/lab/remoteEntry.js',
      TRUST_PROXY: 'true',
    });
    expect(config.port).toBe(8080);
    expect(config.corsOrigins).toEqual(['http://localhost:5173', 'https://admin.example.com']);
    expect(config.remotes.admin).toBe('https://admin.example.com/remoteEntry.js');
    expect(config.remotes['lab-tools']).toBe('/remotes/lab/remoteEntry.js');
    expect(config.remotes.studio).toBe('/remotes/studio/remoteEntry.js');
    expect(config.trustProxy).toBe(true);
  });

  it('fails fast with one readable line per bad variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'abc',
        CORS_ORIGINS: 'https://ok.example.com,https://bad.example.com/path',
        DATABASE_URL: 'mysql://x',
        REMOTE_ADMIN_URL: 'ftp://x',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toMatch(/PORT: /);
      expect(message).toMatch(/CORS_ORIGINS\.1: must be an exact origin/);
      expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
      expect(message).toMatch(/REMOTE_ADMIN_URL: must be an http\(s\) URL/);
    }
  });

  it('reads the networks callbacks may reach, none by default, and refuses a line it cannot read', () => {
    expect(loadConfig({}).automationCallbacks.allowedNetworks).toEqual([]);
    const config = loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'k'.repeat(40), CALLBACK_ALLOWED_NETWORKS: '192.168.1.0/24, n8n' });
    expect(config.automationCallbacks.allowedNetworks).toEqual(['192.168.1.0/24', 'n8n']);
    expect(() => loadConfig({ CALLBACK_ALLOWED_NETWORKS: '10.0.0.0/8,http://n8n:5678' })).toThrow(
      /CALLBACK_ALLOWED_NETWORKS: Not a network, address or host name: "http:\/\/n8n:5678"/,
    );
  });

  it('requires a real SECRET_KEY in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'short' })).toThrow(/SECRET_KEY: must be at least 32 characters/);
    const key = 'k'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', SECRET_KEY: key }).secretKey).toBe(key);
  });
});
