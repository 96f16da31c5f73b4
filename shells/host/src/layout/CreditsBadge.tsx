import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';

/**
 * The signed-in user's balance, linking to /pricing to buy more; missing credits read as 0. The plural
 * message groups the digits in the page's language.
 */
export function CreditsBadge({ credits, onNavigate }: { credits: number | null | undefined; onNavigate?: () => void }) {
  const t = useT();
  return (
    <LinkButton href="/pricing" variant="ghost" size="sm" className="credits-badge" data-testid="credits-badge" onPress={onNavigate}>
      <svg viewBox="0 0 20 20" aria-hidden="true" className="credits-badge-icon">
        <circle cx="10" cy="10" r="8" />
        <path d="M10 5.5v9M7.5 8h4a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3h4" />
      </svg>
      {t('common.creditsBadge', { count: credits ?? 0 })}
    </LinkButton>
  );
}
