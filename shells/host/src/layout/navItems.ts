import type { MessageKey } from '@app/i18n';

export interface NavItem {
  href: string;
  label: MessageKey;
  /** Shown only to administrators. */
  adminOnly?: boolean;
}

/** The header's links, in order (spec 000 §2). */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'common.navHome' },
  { href: '/generate', label: 'common.navGenerate' },
  { href: '/pricing', label: 'common.navPricing' },
  { href: '/my-creations', label: 'common.navMyCreations' },
  { href: '/boards', label: 'common.navBoards' },
  { href: '/api', label: 'common.navApi' },
  { href: '/contact', label: 'common.navContact' },
  { href: '/history', label: 'common.navHistory', adminOnly: true },
  { href: '/admin', label: 'common.navAdmin', adminOnly: true },
];

export function visibleNavItems(isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly);
}
