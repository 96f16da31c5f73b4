import { useT } from '@app/i18n';
import { Card, LinkButton } from '@app/ui';

/** What a visitor sees instead of the creations. */
export function LoginRequired() {
  const t = useT();
  return (
    <Card className="studio-message" data-testid="login-required">
      <svg className="studio-message-icon" viewBox="0 0 24 24" aria-hidden="true">
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </svg>
      <h2>{t('studio.loginRequiredTitle')}</h2>
      <p className="ui-muted">{t('studio.loginRequiredBody')}</p>
      <LinkButton href="/login" size="lg">
        {t('common.signIn')}
      </LinkButton>
    </Card>
  );
}
