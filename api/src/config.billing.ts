// Configuration of payments and operator notifications, read with the rest of the environment by `loadConfig`.
// Credentials live in the admin settings; only the provider hosts are set here (tests point them at local fakes).
import { z } from 'zod';

export interface BillingConfig {
  /** Overrides the Creem host for both environments (default: test-api.creem.io / api.creem.io by `creemEnvironment`). */
  creemBaseUrl?: string;
  /** Overrides the PayPal host for both environments (default: api-m.sandbox.paypal.com / api-m.paypal.com). */
  paypalBaseUrl?: string;
  /** Overrides https://api.telegram.org for operator notifications. */
  telegramBaseUrl?: string;
}

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'must be an http(s) URL')
  .optional();

export const BillingEnvSchema = z.object({
  CREEM_BASE_URL: httpUrl,
  PAYPAL_BASE_URL: httpUrl,
  TELEGRAM_BASE_URL: httpUrl,
});

/** The billing part of the configuration from the parsed environment. */
export function billingConfigFrom(e: z.infer<typeof BillingEnvSchema>): BillingConfig {
  return {
    ...(e.CREEM_BASE_URL && { creemBaseUrl: e.CREEM_BASE_URL }),
    ...(e.PAYPAL_BASE_URL && { paypalBaseUrl: e.PAYPAL_BASE_URL }),
    ...(e.TELEGRAM_BASE_URL && { telegramBaseUrl: e.TELEGRAM_BASE_URL }),
  };
}
