import type { MessageKey, Translate } from '@app/i18n';

/** RAC `validate` wants the message text (or nothing); the pure checks answer message keys. */
export function textOf(t: Translate, key: MessageKey | null): string | null {
  return key ? t(key) : null;
}
