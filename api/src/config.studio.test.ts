import { describe, expect, it } from 'vitest';
import { DEFAULT_PROVIDER_RESULT_HOSTS } from './config.studio.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('studio configuration', () => {
  it('has defaults that match the specification and the provider notes', () => {
    const { studio } = loadConfig({ DATA_DIR: '/srv/app' });
    expect(studio).toMatchObject({
      filesDir: '/srv/app/files',
      maxTasksInFlight: 4,
      taskTimeoutMs: 600_000,
      pollMinMs: 3000,
      pollMaxMs: 10_000,
      jobConcurrency: 4,
      kieMaxTasksPerAccount: 20,
      sandboxDelayMs: 4000,
      kie: {
        baseUrl: 'https://api.kie.ai',
        models: { textToImage: 'google/nano-banana', edit: 'google/nano-banana-edit', upscale: 'nano-banana-upscale' },
      },
      proxyAllowHosts: [...DEFAULT_PROVIDER_RESULT_HOSTS],
    });
    expect(studio.kie.webhookHmacKey).toBeUndefined();
    expect(studio.allowPrivateFetchFor).toBeUndefined();
  });

  it('reads every override', () => {
    const { studio } = loadConfig({
      FILES_DIR: '/mnt/files',
      STUDIO_MAX_TASKS_IN_FLIGHT: '9',
      STUDIO_TASK_TIMEOUT_SECONDS: '30',
      STUDIO_POLL_MIN_SECONDS: '0.5',
      STUDIO_POLL_MAX_SECONDS: '2',
      STUDIO_JOB_CONCURRENCY: '2',
      KIE_MAX_TASKS_PER_ACCOUNT: '3',
      SANDBOX_DELAY_MS: '0',
      KIE_BASE_URL: 'http://127.0.0.1:9999',
      KIE_MODEL_UPSCALE: 'topaz/image-upscale',
      KIE_WEBHOOK_HMAC_KEY: 'a-very-secret-hmac-key',
      IMAGE_PROXY_HOSTS: 'cdn.example.com, *.files.example.net',
    });
    expect(studio).toMatchObject({
      filesDir: '/mnt/files',
      maxTasksInFlight: 9,
      taskTimeoutMs: 30_000,
      pollMinMs: 500,
      pollMaxMs: 2000,
      jobConcurrency: 2,
      sandboxDelayMs: 0,
      kie: { baseUrl: 'http://127.0.0.1:9999', webhookHmacKey: 'a-very-secret-hmac-key' },
      kieMaxTasksPerAccount: 3,
      proxyAllowHosts: ['cdn.example.com', '*.files.example.net'],
    });
    expect(studio.kie.models.upscale).toBe('topaz/image-upscale');
  });

  it('never polls faster at the end than at the start', () => {
    expect(loadConfig({ STUDIO_POLL_MIN_SECONDS: '8', STUDIO_POLL_MAX_SECONDS: '2' }).studio.pollMaxMs).toBe(8000);
  });

  it('refuses bad values with the variable name', () => {
    expect(() => loadConfig({ KIE_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ KIE_BASE_URL: 'ftp://x' })).toThrow(/KIE_BASE_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ STUDIO_MAX_TASKS_IN_FLIGHT: '0' })).toThrow(/STUDIO_MAX_TASKS_IN_FLIGHT/);
    expect(() => loadConfig({ KIE_WEBHOOK_HMAC_KEY: 'short' })).toThrow(/KIE_WEBHOOK_HMAC_KEY: must be at least 16/);
  });
});
