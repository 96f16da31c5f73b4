import { useT } from '@app/i18n';

const PERKS = ['account.perkStudio', 'account.perkCredits', 'account.perkApi'] as const;

/** The brand panel beside the form on wide screens: what an account gets you. */
export function Perks() {
  const t = useT();
  return (
    <aside className="auth-perks" aria-label={t('account.perksTitle')}>
      <p className="auth-perks-title">{t('account.perksTitle')}</p>
      <ul>
        {PERKS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </aside>
  );
}
