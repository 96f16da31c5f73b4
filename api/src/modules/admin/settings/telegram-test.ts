// The admin's "Test" button: one message sent right now (not queued), so the answer says whether it arrived.
import type { AppServices } from '../../../http/context.ts';
import { sendTelegramMessage, TelegramApiError, testMessage } from '../../../providers/telegram/index.ts';
import type { AdminSettings } from '../../settings/index.ts';
import { telegramFailed, telegramNotConfigured } from '../problems.ts';

/**
 * Sends the test message with the stored bot token to the stored chat. Throws 503 when either is missing
 * and 502 with Telegram's reason when it refuses or cannot be reached. The token never appears in a problem.
 */
export async function sendTelegramTest(settings: AdminSettings, services: Pick<AppServices, 'config' | 'logger'>): Promise<void> {
  const botToken = settings.telegramBotToken?.trim();
  const chatId = settings.telegramChatId?.trim();
  if (!botToken || !chatId) throw telegramNotConfigured();
  const baseUrl = services.config.billing.telegramBaseUrl;
  try {
    await sendTelegramMessage({ botToken, chatId, text: testMessage(), ...(baseUrl && { baseUrl }) });
  } catch (error) {
    if (!(error instanceof TelegramApiError)) throw error;
    services.logger.warn({ errorCode: error.errorCode, description: error.description }, 'telegram test failed');
    // Telegram's descriptions do not echo the token, but never let one through if that ever changes.
    const reason = error.description.split(botToken).join('••••');
    throw telegramFailed(reason, error.status === 0 || error.status === 429 || error.status >= 500);
  }
}
