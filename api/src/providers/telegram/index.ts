export {
  sendTelegramMessage,
  TelegramApiError,
} from './client.ts';
export {
  buildOperatorMessage,
  type OperatorEvent,
  testMessage,
} from './messages.ts';
