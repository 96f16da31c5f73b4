import type { components } from '@app/api-client';

export type AdminUser = components['schemas']['AdminUser'];

/**
 * A credits entry: digits only (spaces around allowed) make the new balance; anything else (`10abc`, `-3`, `2.5`,
 * empty) is undefined, refused on the spot, never read as 0 (a typo must not wipe a balance).
 */
export function creditsFromText(text: string): number | undefined {
  return /^\s*\d{1,10}\s*$/.test(text) ? Number(text) : undefined;
}

/** A valid balance: a whole number of at least 0. */
export function isValidCredits(value: number): boolean {
  return Number.isInteger(value) && value >= 0;
}

/** What a change to a user makes stale: the list, and the header's own user (an admin may change themself). */
export const USER_LISTS = ['/api/admin/users', '/api/auth/current-user'];
