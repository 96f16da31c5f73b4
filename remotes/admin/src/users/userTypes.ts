import type { components } from '@app/api-client';

export type AdminUser = components['schemas']['AdminUser'];

/**
 * A credits entry as the spec reads it (001 §5): a number is taken as is, anything that is not a
 * number becomes 0. Whether the number is allowed (whole, at least 0) is checked separately.
 */
export function creditsFromText(text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== '' && Number.isFinite(value) ? value : 0;
}

/** A valid balance: a whole number of at least 0. */
export function isValidCredits(value: number): boolean {
  return Number.isInteger(value) && value >= 0;
}

/** What a change to a user makes stale: the list, and the header's own user (an admin may change themself). */
export const USER_LISTS = ['/api/admin/users', '/api/auth/current-user'];
