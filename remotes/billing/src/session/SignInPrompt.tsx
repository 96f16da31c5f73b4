import { useT } from '@app/i18n';
import { Card, LinkButton } from '@app/ui';
import './session.css';

/** Shown to visitors where a signed-in user would see their balance and history. */
export function SignInPrompt() {
  const t = useT();
  return (
    <Card className="billing-signin" data-testid="billing-signin-prompt">
      <div>
        <h2 className="billing-signin-title">{t('billing.signInPromptTitle')}</h2>
        <p className="billing-signin-body ui-muted">{t('billing.signInPromptBody')}</p>
      </div>
      <LinkButton href="/login" className="billing-signin-action">
        {t('common.signIn')}
      </LinkButton>
    </Card>
  );
}
