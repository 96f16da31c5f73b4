import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../settings/index.ts';
import { paypalClientFor } from './paypal-client.ts';

const logger = pino({ level: 'silent' });
const settings = (values: Partial<AdminSettings>) =>
  ({ paypalClientId: 'id-1', paypalClientSecret: 'secret-1', paypalEnvironment: 'sandbox', ...values }) as AdminSettings;
const config = { billing: {} };

describe('paypalClientFor', () => {
  it('reuses one client (and its token) per set of credentials', () => {
    const first = paypalClientFor(settings({}), config, logger);
    expect(first).not.toBeNull();
    expect(paypalClientFor(settings({}), config, logger)).toBe(first);
    expect(paypalClientFor(settings({ paypalClientSecret: 'secret-2' }), config, logger)).not.toBe(first);
    expect(paypalClientFor(settings({ paypalEnvironment: 'production' }), config, logger)).not.toBe(first);
  });

  it('uses the configured host, else the environment host', () => {
    expect(paypalClientFor(settings({}), { billing: { paypalBaseUrl: 'http://127.0.0.1:9' } }, logger)?.baseUrl).toBe('http://127.0.0.1:9');
    expect(paypalClientFor(settings({ paypalEnvironment: 'production' }), config, logger)?.baseUrl).toBe('https://api-m.paypal.com');
    expect(paypalClientFor(settings({}), config, logger)?.baseUrl).toBe('https://api-m.sandbox.paypal.com');
  });

  it('answers null without a client id or secret', () => {
    expect(paypalClientFor(settings({ paypalClientId: null }), config, logger)).toBeNull();
    expect(paypalClientFor(settings({ paypalClientSecret: '  ' }), config, logger)).toBeNull();
  });
});
