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
  /**
   * The sandbox payment method (a local checkout page, no money moves) is offered outside production while no
   * payment keys are set; `PAYMENT_SANDBOX=off` hides it (unset counts as off). Production refuses to start with `on`.
   */
  paymentSandbox?: boolean;
}

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'must be an http(s) URL')
  .optional();

export const BillingEnvSchema = z.object({
  CREEM_BASE_URL: httpUrl,
  PAYPAL_BASE_URL: httpUrl,
  TELEGRAM_BASE_URL: httpUrl,
  PAYMENT_SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
});

/** Why this billing environment cannot start, if it cannot. */
export function billingConfigIssues(e: z.infer<typeof BillingEnvSchema>, isProduction: boolean): string[] {
  return isProduction && e.PAYMENT_SANDBOX === 'on' ? ['PAYMENT_SANDBOX: the sandbox payment method cannot be enabled in production'] : [];
}

/** The billing part of the configuration from the parsed environment. */
export function billingConfigFrom(e: z.infer<typeof BillingEnvSchema>, isProduction: boolean): BillingConfig {
  return {
    paymentSandbox: !isProduction && e.PAYMENT_SANDBOX !== 'off',
    ...(e.CREEM_BASE_URL && { creemBaseUrl: e.CREEM_BASE_URL }),
    ...(e.PAYPAL_BASE_URL && { paypalBaseUrl: e.PAYPAL_BASE_URL }),
    ...(e.TELEGRAM_BASE_URL && { telegramBaseUrl: e.TELEGRAM_BASE_URL }),
  };
}
