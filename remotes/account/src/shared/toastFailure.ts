import type { MessageKey, Translate } from '@app/i18n';
import { toast } from '@app/ui';
import { serverMessage } from './serverMessage.ts';

/** The error toast of a failed call: `title` over what the server said, or a generic message. */
export function toastFailure(t: Translate, title: MessageKey, failure: unknown): void {
  toast({ title: t(title), description: serverMessage(failure, t('account.genericError')), variant: 'error' });
}
