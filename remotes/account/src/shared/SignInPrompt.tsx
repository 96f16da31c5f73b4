import { useT } from '@app/i18n';
import { Card, LinkButton } from '@app/ui';

/** What visitors see instead of an account-only section: why, and a way to sign in. */
export function SignInPrompt({ title, body }: { title: string; body: string }) {
  const t = useT();
  return (
    <Card className="account-signin-prompt" data-testid="signin-prompt">
      <div className="account-signin-prompt-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <rect x="5" y="10.5" width="14" height="10" rx="2" />
          <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
        </svg>
      </div>
      <h2>{title}</h2>
      <p className="ui-muted">{body}</p>
      <LinkButton href="/login">{t('common.signIn')}</LinkButton>
    </Card>
  );
}
