// Creem credentials from the admin settings, with the host override from the configuration.
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Config } from '../../../config.ts';
import type { CreemConnection } from '../../../providers/creem/index.ts';
import type { AdminSettings } from '../../settings/index.ts';
import { isSandboxPayment } from '../pricing.service.ts';
import { sandboxConnection } from '../sandbox/sandbox-creem.ts';

/**
 * The Creem connection for the configured API key; the sandbox's when it is offered (no payment keys, outside
 * production); null otherwise.
 */
export function creemConnection(
  settings: AdminSettings,
  config: Pick<Config, 'billing' | 'secretKey'>,
  em: SqlEntityManager,
): CreemConnection | null {
  if (isSandboxPayment(settings, config)) return sandboxConnection(em, config.secretKey);
  const apiKey = settings.creemApiKey?.trim();
  if (!apiKey) return null;
  return { apiKey, environment: settings.creemEnvironment, ...(config.billing.creemBaseUrl && { baseUrl: config.billing.creemBaseUrl }) };
}

/** The webhook secret, or null when none is set. */
export function creemWebhookSecret(settings: AdminSettings): string | null {
  return settings.creemWebhookSecret?.trim() || null;
}
