import type { Messages } from '../../define.ts';
import type en from './en.ts';

/** Public links of an image (Image Details) and of a board (its page). (Vietnamese: exactly the English keys) */
export default {
  heading: 'Chia sẻ',
  imageHint: 'Bất kỳ ai có liên kết đều xem được hình ảnh này, và không gì khác của bạn.',
  boardHint: 'Bất kỳ ai có liên kết đều xem được các hình ảnh đã hoàn thành trong bộ sưu tập này, và không gì khác của bạn.',
  create: 'Tạo liên kết công khai',
  linkLabel: 'Liên kết công khai',
  copy: 'Sao chép liên kết',
  copied: 'Đã sao chép liên kết',
  copyFailed: 'Không thể sao chép. Hãy chọn liên kết và tự sao chép.',
  showPrompt: 'Hiển thị câu lệnh',
  showPrompts: 'Hiển thị các câu lệnh',
  stop: 'Ngừng chia sẻ',
  created: 'Đã tạo liên kết công khai',
  stopped: 'Đã ngừng chia sẻ: liên kết không còn hoạt động',
  failed: 'Không thể thay đổi việc chia sẻ',
  genericError: 'Đã xảy ra lỗi. Vui lòng thử lại.',
  loading: 'Đang tải cài đặt chia sẻ',
} satisfies Messages<typeof en>;
