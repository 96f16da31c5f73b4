/** The studio's three tabs, by the spec's keys. */
export const STUDIO_TABS = ['text_to_image', 'edit_image', 'upscale_hd'] as const;
export type StudioTab = (typeof STUDIO_TABS)[number];

/** What the text and edit tabs send as model and generation type. */
export const TAB_MODELS = {
  text_to_image: { model: 'nano_banana', generationType: 'text_to_image' },
  edit_image: { model: 'nano_banana_edit', generationType: 'edit_image' },
} as const;

export const SCALE_RATIOS = ['2', '3', '4'] as const;
export type ScaleRatio = (typeof SCALE_RATIOS)[number];
