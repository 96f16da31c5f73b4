// Public prices and which payment methods can actually be used.
import type { Pricing } from '@app/contract';
import type { Config } from '../../config.ts';
import type { AdminSettings } from '../settings/index.ts';

type PaymentSettings = Pick<
  AdminSettings,
  'creemEnabled' | 'creemApiKey' | 'creemWebhookSecret' | 'paypalEnabled' | 'paypalClientId' | 'paypalClientSecret'
>;

/** Whether a setting holds a non-blank value. */
export const configured = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * Card payment (Creem) is offered only when switched on and given an API key (to create checkouts) and a webhook
 * secret (the signed webhook is what grants the credits).
 */
export function isCreemAvailable(settings: PaymentSettings): boolean {
  return settings.creemEnabled && configured(settings.creemApiKey) && configured(settings.creemWebhookSecret);
}

/** PayPal is offered only when switched on and given both client id and secret. */
export function isPaypalAvailable(settings: PaymentSettings): boolean {
  return settings.paypalEnabled && configured(settings.paypalClientId) && configured(settings.paypalClientSecret);
}

/**
 * The sandbox payment method stands in for card payment outside production (config) while neither Creem nor
 * PayPal has keys in the admin settings, so a fresh install can buy credits without taking money.
 */
export function isSandboxPayment(settings: PaymentSettings, config: Pick<Config, 'billing'>): boolean {
  const paypalKeys = configured(settings.paypalClientId) && configured(settings.paypalClientSecret);
  return Boolean(config.billing.paymentSandbox) && !configured(settings.creemApiKey) && !paypalKeys;
}

/** Whether a card checkout can be started: real Creem, or the sandbox standing in for it. */
export function isCardPaymentAvailable(settings: PaymentSettings, config: Pick<Config, 'billing'>): boolean {
  return isCreemAvailable(settings) || isSandboxPayment(settings, config);
}

/** The public pricing answer built from the admin settings. */
export function currentPricing(settings: AdminSettings, config: Pick<Config, 'billing'>): Pricing {
  return {
    nanoBananaApiPrice: settings.nanoBananaApiPrice,
    nanoBananaEditApiPrice: settings.nanoBananaEditApiPrice,
    nanoBananaResizeCredits: settings.nanoBananaResizeCredits,
    nanoBananaCredits: settings.nanoBananaCredits,
    nanoBananaEditCredits: settings.nanoBananaEditCredits,
    creemEnabled: isCardPaymentAvailable(settings, config),
    sandboxPayments: isSandboxPayment(settings, config),
    paypalEnabled: isPaypalAvailable(settings),
  };
}
