// The public share page's words in the two languages of the product, chosen by the visitor's Accept-Language.
import type { AppContext } from '../../../http/context.ts';

const WORDS = {
  en: {
    site: 'Nano Banana Image Studio',
    imageTitle: 'A shared image',
    imageDescription: 'An image made with Nano Banana Image Studio.',
    imageAlt: 'The shared image',
    boardDescription: (count: number) => (count === 1 ? '1 image' : `${count} images`),
    boardEmpty: 'No images on this board yet.',
    prompt: 'Prompt',
    openImage: (n: number) => `Open image ${n}`,
    madeWith: 'Made with',
    notFoundTitle: 'Not found',
    notFound: 'Nothing is shared at this link. It may never have existed, or its owner stopped sharing it.',
  },
  vi: {
    site: 'Nano Banana Image Studio',
    imageTitle: 'Một hình ảnh được chia sẻ',
    imageDescription: 'Hình ảnh được tạo bằng Nano Banana Image Studio.',
    imageAlt: 'Hình ảnh được chia sẻ',
    boardDescription: (count: number) => `${count} hình ảnh`,
    boardEmpty: 'Bảng này chưa có hình ảnh nào.',
    prompt: 'Câu lệnh',
    openImage: (n: number) => `Mở hình ảnh ${n}`,
    madeWith: 'Được tạo bằng',
    notFoundTitle: 'Không tìm thấy',
    notFound: 'Không có gì được chia sẻ tại liên kết này. Có thể nó chưa từng tồn tại, hoặc chủ sở hữu đã ngừng chia sẻ.',
  },
} as const;

export type PageWords = (typeof WORDS)[keyof typeof WORDS];

/** The visitor's language (English unless they prefer Vietnamese) and its words; the answer varies by it. */
export function pageWords(ctx: AppContext): { lang: 'en' | 'vi'; words: PageWords } {
  ctx.vary('Accept-Language');
  const lang = ctx.acceptsLanguages(['en', 'vi']) === 'vi' ? 'vi' : 'en';
  return { lang, words: WORDS[lang] };
}
