// Creem credentials from the admin settings, with the host override from the configuration.
import type { Config } from '../../../config.ts';
import type { CreemConnection } from '../../../providers/creem/index.ts';
import type { AdminSettings } from '../../settings/admin-settings.entity.ts';

/** The Creem connection for the configured API key, or null when no key is set. */
export function creemConnection(settings: AdminSettings, config: Pick<Config, 'billing'>): CreemConnection | null {
  const apiKey = settings.creemApiKey?.trim();
  if (!apiKey) return null;
  return { apiKey, environment: settings.creemEnvironment, ...(config.billing.creemBaseUrl && { baseUrl: config.billing.creemBaseUrl }) };
}

/** The webhook secret, or null when none is set. */
export function creemWebhookSecret(settings: AdminSettings): string | null {
  return settings.creemWebhookSecret?.trim() || null;
}
