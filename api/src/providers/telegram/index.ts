export {
  type SendTelegramMessageInput,
  type SendTelegramMessageResult,
  sendTelegramMessage,
  TELEGRAM_BASE_URL,
  TelegramApiError,
} from './client.ts';
export {
  buildOperatorMessage,
  escapeAndTruncate,
  escapeHtml,
  type GenerationFailedEvent,
  generationFailedMessage,
  type OperatorEvent,
  type ProviderLowCreditsEvent,
  type PurchaseCompletedEvent,
  providerLowCreditsMessage,
  purchaseCompletedMessage,
  TELEGRAM_MAX_TEXT,
  testMessage,
} from './messages.ts';
