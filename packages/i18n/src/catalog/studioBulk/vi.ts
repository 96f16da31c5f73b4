import type { Messages } from '../../define.ts';
import type en from './en.ts';

/** Selection mode on /my-creations and Delete in Image Details. (Vietnamese: exactly the English keys) */
export default {
  selectAction: 'Chọn:',
  selectionActions: 'Thao tác với các ảnh đã chọn',
  selectedCount: '{count, plural, =0 {Chưa chọn ảnh nào} other {Đã chọn #}}',
  selectAllLoaded: 'Chọn tất cả đã tải',
  downloadZip: 'Tải ZIP',
  addToBoard: 'Thêm vào bộ sưu tập',
  delete: 'Xóa',
  doneSelecting: 'Xong',
  cancel: 'Hủy',
  deleteImagesTitle: '{count, plural, other {Xóa # ảnh?}}',
  deleteImagesBody:
    '{count, plural, other {# ảnh và các tệp của chúng sẽ bị xóa vĩnh viễn.}} Số tín dụng đã dùng vẫn giữ trong lịch sử của bạn.',
  deleteImageTitle: 'Xóa ảnh này?',
  deleteImageBody: 'Ảnh và các tệp của nó sẽ bị xóa vĩnh viễn. Số tín dụng đã dùng vẫn giữ trong lịch sử của bạn.',
  deletedImages: '{count, plural, =0 {Đã xóa trước đó} other {Đã xóa # ảnh}}',
  deleteFailed: 'Không thể xóa',
  zipFailed: 'Không thể chuẩn bị tệp ZIP',
} satisfies Messages<typeof en>;
