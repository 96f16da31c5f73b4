import { describe, expect, it } from 'vitest';
import { isCreemAvailable, isPaypalAvailable } from './pricing.service.ts';

const off = {
  creemEnabled: false,
  creemApiKey: null,
  creemWebhookSecret: null,
  paypalEnabled: false,
  paypalClientId: null,
  paypalClientSecret: null,
};

describe('payment availability', () => {
  it.each([
    [{ creemEnabled: true, creemApiKey: 'ck_live', creemWebhookSecret: 'whsec_1' }, true],
    [{ creemEnabled: true, creemApiKey: 'ck_live', creemWebhookSecret: null }, false],
    [{ creemEnabled: true, creemApiKey: 'ck_live', creemWebhookSecret: ' ' }, false],
    [{ creemEnabled: true, creemApiKey: null, creemWebhookSecret: 'whsec_1' }, false],
    [{ creemEnabled: true, creemApiKey: '   ', creemWebhookSecret: 'whsec_1' }, false],
    [{ creemEnabled: false, creemApiKey: 'ck_live', creemWebhookSecret: 'whsec_1' }, false],
  ])('creem %o -> %s', (settings, expected) => {
    expect(isCreemAvailable({ ...off, ...settings })).toBe(expected);
  });

  it.each([
    [{ paypalEnabled: true, paypalClientId: 'id', paypalClientSecret: 'secret' }, true],
    [{ paypalEnabled: true, paypalClientId: 'id', paypalClientSecret: null }, false],
    [{ paypalEnabled: true, paypalClientId: '', paypalClientSecret: 'secret' }, false],
    [{ paypalEnabled: false, paypalClientId: 'id', paypalClientSecret: 'secret' }, false],
  ])('paypal %o -> %s', (settings, expected) => {
    expect(isPaypalAvailable({ ...off, ...settings })).toBe(expected);
  });
});
