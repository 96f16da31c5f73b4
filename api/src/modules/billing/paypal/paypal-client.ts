// One PayPalClient per set of credentials, kept for the life of the process so its OAuth token is reused.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import { PayPalClient } from '../../../providers/paypal/index.ts';
import type { AdminSettings } from '../../settings/index.ts';

// Credentials rarely change; a handful of entries covers every rotation without growing forever.
const MAX_CLIENTS = 8;
const clients = new LRUCache<string, PayPalClient>({ max: MAX_CLIENTS });

/**
 * The cached client for the PayPal credentials in the settings (host from `PAYPAL_BASE_URL` when set), or null when
 * the client id or secret is missing. A new secret or environment gets a new client (and a new token).
 */
export function paypalClientFor(settings: AdminSettings, config: Pick<Config, 'billing'>, logger: Logger): PayPalClient | null {
  const clientId = settings.paypalClientId?.trim();
  const clientSecret = settings.paypalClientSecret?.trim();
  if (!clientId || !clientSecret) return null;
  const baseUrl = config.billing.paypalBaseUrl;
  // The secret is part of the key only as a hash, so it is never kept twice in plain text.
  const secretHash = createHash('sha256').update(clientSecret).digest('hex');
  const key = JSON.stringify([settings.paypalEnvironment, baseUrl ?? '', clientId, secretHash]);
  let client = clients.get(key);
  if (!client) {
    client = new PayPalClient({
      clientId,
      clientSecret,
      environment: settings.paypalEnvironment,
      ...(baseUrl && { baseUrl }),
      logger,
    });
    clients.set(key, client);
  }
  return client;
}
