import type { CurrentUser } from '@app/api-client';
import { useI18n } from '@app/i18n';
import { Badge, Card } from '@app/ui';
import { useFormat } from '@app/ui/format';

/** Who is signed in: username, email, credits and account type. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const { t } = useI18n();
  const format = useFormat();
  return (
    <Card className="my-account-profile" data-testid="profile">
      <div className="my-account-identity">
        <span className="my-account-avatar" aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        <div className="my-account-identity-text">
          <h2 className="my-account-username">{user.username}</h2>
          <Badge variant={user.isAdmin ? 'accent' : 'neutral'} data-testid="account-type">
            {t(user.isAdmin ? 'account.administrator' : 'account.standardUser')}
          </Badge>
        </div>
      </div>
      <div className="my-account-credits">
        <span className="my-account-credits-label">{t('account.creditsLabel')}</span>
        <span className="my-account-credits-value" data-testid="profile-credits">
          {format.number(user.credits ?? 0)}
        </span>
      </div>
      <dl className="my-account-facts">
        <div>
          <dt>{t('account.username')}</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>{t('account.emailLabel')}</dt>
          <dd className={user.email ? undefined : 'ui-muted'}>{user.email || t('account.emailNotSet')}</dd>
        </div>
        <div>
          <dt>{t('account.accountType')}</dt>
          <dd>{t(user.isAdmin ? 'account.administrator' : 'account.standardUser')}</dd>
        </div>
        <div>
          <dt>{t('account.memberSince')}</dt>
          <dd>{format.longDate(user.createdAt)}</dd>
        </div>
      </dl>
    </Card>
  );
}
