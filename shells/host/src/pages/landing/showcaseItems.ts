import type { MessageKey } from '@app/i18n';

export interface ShowcaseItem {
  id: number;
  src: string;
  /** The prompt caption; also the image's alt text. */
  prompt: MessageKey;
}

/** The 8 static 1:1 gallery pictures (public/showcase, made by scripts/make-showcase.ts). */
export const SHOWCASE_ITEMS: readonly ShowcaseItem[] = Array.from({ length: 8 }, (_, i) => ({
  id: i + 1,
  src: `${import.meta.env.BASE_URL}showcase/showcase-${i + 1}.webp`,
  prompt: `landing.showcase${i + 1}` as MessageKey,
}));
