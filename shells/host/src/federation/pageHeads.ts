import type { RemotePagePath } from '@app/contract/constants';
import type { MessageKey } from '@app/i18n';

/**
 * The title and subtitle each remote page opens with (its PageHeader, first thing in its `.ui-page`), so the
 * section's skeleton shows them where the page will: they stay on screen from the server's first paint until
 * the remote's page takes their place. Pages laid out otherwise (the sign-in card) or shown to some users only
 * (admin) are left out: their skeleton stays plain.
 */
export const REMOTE_PAGE_HEADS: Partial<Record<RemotePagePath, { title: MessageKey; subtitle: MessageKey }>> = {
  '/generate': { title: 'studio.generateTitle', subtitle: 'studio.generateSubtitle' },
  '/pricing': { title: 'billing.pricingTitle', subtitle: 'billing.pricingSubtitle' },
  '/purchase-credits': { title: 'billing.purchaseTitle', subtitle: 'billing.purchaseSubtitle' },
  '/my-account': { title: 'account.myAccountTitle', subtitle: 'account.myAccountSubtitle' },
  '/api': { title: 'account.apiTitle', subtitle: 'account.apiSubtitle' },
};
