import { defineMessages } from '../define.ts';

/** The /contact page. */
export const contact = defineMessages({
  en: {
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
  },
  vi: {
    title: 'Liên hệ với chúng tôi',
    subtitle: 'Có câu hỏi về credit, API hay thanh toán? Hãy liên hệ qua kênh bạn thích.',
    telegram: 'Telegram',
    telegramHint: 'Trả lời nhanh nhất, thường chỉ trong vài phút.',
    whatsapp: 'WhatsApp',
    whatsappHint: 'Trò chuyện với bộ phận hỗ trợ trên điện thoại.',
    signal: 'Signal',
    signalHint: 'Nhắn tin được mã hóa đầu cuối.',
    email: 'Email',
    emailHint: 'Dành cho hóa đơn và các yêu cầu chi tiết.',
  },
});
