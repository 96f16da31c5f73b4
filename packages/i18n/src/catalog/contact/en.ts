/** The /contact page. (English) */
export default {
  title: 'Contact Us',
  subtitle: 'Questions about credits, the API or a payment? Reach us on the channel you prefer.',
  telegram: 'Telegram',
  telegramHint: 'Fastest answers, usually within minutes.',
  whatsapp: 'WhatsApp',
  whatsappHint: 'Chat with support from your phone.',
  signal: 'Signal',
  signalHint: 'End-to-end encrypted messaging.',
  email: 'Email',
  emailHint: 'For invoices and longer requests.',
};
