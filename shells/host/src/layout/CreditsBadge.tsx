import { useT } from '@app/i18n';
import { LinkButton } from '@app/ui';

/**
 * The signed-in user's balance, linking to /pricing to buy more; missing credits read as 0. The plural
 * message groups the digits in the page's language. Below the user's low-balance threshold it turns to the warning
 * colour and says so to screen readers (the name starts with the visible text).
 */
export function CreditsBadge({
  credits,
  threshold,
  onNavigate,
}: {
  credits: number | null | undefined;
  threshold?: number | null;
  onNavigate?: () => void;
}) {
  const t = useT();
  const count = credits ?? 0;
  const low = threshold != null && count < threshold;
  return (
    <LinkButton
      href="/pricing"
      variant="ghost"
      size="sm"
      className={low ? 'credits-badge credits-badge-low' : 'credits-badge'}
      data-testid="credits-badge"
      data-low={low || undefined}
      aria-label={low ? t('common.lowBalanceBadge', { count }) : undefined}
      onPress={onNavigate}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="credits-badge-icon">
        {low ? (
          <path d="M10 3 18 17H2Zm0 5v4m0 2.5v.5" />
        ) : (
          <>
            <circle cx="10" cy="10" r="8" />
            <path d="M10 5.5v9M7.5 8h4a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3h4" />
          </>
        )}
      </svg>
      {t('common.creditsBadge', { count })}
    </LinkButton>
  );
}
