import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('ROLE', () => {
  it('defaults to all and takes web or worker', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ROLE: 'worker' }).role).toBe('worker');
  });

  it('refuses anything else with a readable line', () => {
    expect(() => loadConfig({ ROLE: 'workers' })).toThrow(ConfigError);
    expect(() => loadConfig({ ROLE: 'workers' })).toThrow(/ROLE: /);
  });
});
