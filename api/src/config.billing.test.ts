import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('billing configuration', () => {
  it('has no provider host overrides by default, and offers the sandbox payment method outside production', () => {
    expect(loadConfig({}).billing).toEqual({ paymentSandbox: true });
  });

  it('reads the Creem, PayPal and Telegram host overrides', () => {
    const config = loadConfig({
      CREEM_BASE_URL: 'http://127.0.0.1:4010',
      PAYPAL_BASE_URL: 'http://127.0.0.1:4011',
      TELEGRAM_BASE_URL: 'http://127.0.0.1:4012',
    });
    expect(config.billing).toEqual({
      paymentSandbox: true,
      creemBaseUrl: 'http://127.0.0.1:4010',
      paypalBaseUrl: 'http://127.0.0.1:4011',
      telegramBaseUrl: 'http://127.0.0.1:4012',
    });
  });

  it('refuses a host that is not an http(s) URL, naming the variable', () => {
    expect(() => loadConfig({ PAYPAL_BASE_URL: 'ftp://paypal' })).toThrow(ConfigError);
    expect(() => loadConfig({ CREEM_BASE_URL: 'not a url' })).toThrow(/CREEM_BASE_URL/);
  });
});
