import type { components } from '@app/api-client';

export type KieApiAccount = components['schemas']['KieApiAccount'];

/** New account defaults (spec 001 §9): 1000 credits, 500 per text image, 300 per edit. */
export const KIE_DEFAULTS = { totalCredits: 1000, nanoBananaCredits: 500, nanoBananaEditCredits: 300 } as const;

/** How many more images the account's credits pay for at its per-image cost. */
export function imagesLeft(totalCredits: number, perImage: number): number {
  return perImage > 0 ? Math.max(0, Math.floor(totalCredits / perImage)) : 0;
}

/** The GET the accounts come from, made stale by every change to them. */
export const KIE_LIST = ['/api/admin/kie-apis'];
