import { useT } from '@app/i18n';
import { Card, LinkButton } from '@app/ui';

/** 'No images yet', with the way to the studio. */
export function EmptyCreations() {
  const t = useT();
  return (
    <Card className="studio-message" data-testid="creations-empty">
      <svg className="studio-message-icon" viewBox="0 0 24 24" aria-hidden="true">
        <rect x="3" y="3" width="18" height="18" rx="3" />
        <path d="m3 16 5-5 4 4 3-3 6 6" />
        <circle cx="8.5" cy="8.5" r="1.5" />
      </svg>
      <h2>{t('studio.emptyTitle')}</h2>
      <p className="ui-muted">{t('studio.emptyBody')}</p>
      <LinkButton href="/generate" size="lg">
        {t('studio.createFirst')}
      </LinkButton>
    </Card>
  );
}
