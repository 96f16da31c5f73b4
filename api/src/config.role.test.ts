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

describe('JOBS_CRON_INTERVAL_SECONDS', () => {
  it("is unset by default (pg-boss's own interval) and takes 1 to 45 seconds", () => {
    expect(loadConfig({}).jobsCronIntervalSeconds).toBeUndefined();
    expect(loadConfig({ JOBS_CRON_INTERVAL_SECONDS: '1' }).jobsCronIntervalSeconds).toBe(1);
    expect(() => loadConfig({ JOBS_CRON_INTERVAL_SECONDS: '0' })).toThrow(/JOBS_CRON_INTERVAL_SECONDS: /);
    expect(() => loadConfig({ JOBS_CRON_INTERVAL_SECONDS: '46' })).toThrow(/JOBS_CRON_INTERVAL_SECONDS: /);
  });
});
