import type { MessageKey } from '@app/i18n';
import { EXTERNAL_LINKS } from '../../links.ts';

export interface ContactChannel {
  id: 'telegram' | 'whatsapp' | 'signal' | 'email';
  href: string;
  label: MessageKey;
  hint: MessageKey;
  /** Brand-ish colour of the channel's icon tile. */
  color: string;
}

/** The four support channels of /contact (spec 000 §2). */
export const CONTACT_CHANNELS: readonly ContactChannel[] = [
  { id: 'telegram', href: EXTERNAL_LINKS.telegram, label: 'contact.telegram', hint: 'contact.telegramHint', color: '#229ed9' },
  { id: 'whatsapp', href: EXTERNAL_LINKS.whatsapp, label: 'contact.whatsapp', hint: 'contact.whatsappHint', color: '#25d366' },
  { id: 'signal', href: EXTERNAL_LINKS.signal, label: 'contact.signal', hint: 'contact.signalHint', color: '#3a76f0' },
  { id: 'email', href: EXTERNAL_LINKS.email, label: 'contact.email', hint: 'contact.emailHint', color: '#6d28d9' },
];
