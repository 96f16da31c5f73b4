import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';
import { useLocale } from 'react-aria-components';

/**
 * The signed-in user's balance, linking to /pricing to buy more; missing credits read as 0. Digits are
 * grouped in the page's language (React Aria's locale), not the browser's. Intl here rather than the kit's
 * formatter: the header is on every page, and that entry loads only with the pages that format.
 */
export function CreditsBadge({ credits, onNavigate }: { credits: number | null | undefined; onNavigate?: () => void }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <LinkButton href="/pricing" variant="ghost" size="sm" className="credits-badge" data-testid="credits-badge" onPress={onNavigate}>
      <svg viewBox="0 0 20 20" aria-hidden="true" className="credits-badge-icon">
        <circle cx="10" cy="10" r="8" />
        <path d="M10 5.5v9M7.5 8h4a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3h4" />
      </svg>
      {t('common.creditsBadge', { count: new Intl.NumberFormat(locale).format(credits ?? 0) })}
    </LinkButton>
  );
}
