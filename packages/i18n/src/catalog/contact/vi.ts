import type { Messages } from '../../define.ts';
import type en from './en.ts';

/** The /contact page. (Vietnamese: exactly the English keys) */
export default {
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
} satisfies Messages<typeof en>;
