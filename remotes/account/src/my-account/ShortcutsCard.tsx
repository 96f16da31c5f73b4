import { type MessageKey, useT } from '@app/i18n';
import { Card, Link } from '@app/ui';

interface Shortcut {
  href: string;
  title: MessageKey;
  hint: MessageKey;
  testId: string;
}

const SHORTCUTS: Shortcut[] = [
  { href: '/pricing', title: 'account.buyCredits', hint: 'account.buyCreditsHint', testId: 'shortcut-pricing' },
  { href: '/my-creations', title: 'account.viewCreations', hint: 'account.viewCreationsHint', testId: 'shortcut-creations' },
];

const ADMIN: Shortcut = { href: '/admin', title: 'account.adminPanel', hint: 'account.adminPanelHint', testId: 'shortcut-admin' };

/** Where to go next: buy credits, see creations, and the admin panel for administrators. */
export function ShortcutsCard({ isAdmin }: { isAdmin: boolean }) {
  const t = useT();
  const shortcuts = isAdmin ? [...SHORTCUTS, ADMIN] : SHORTCUTS;
  return (
    <Card className="my-account-card">
      <h2 className="my-account-card-title">{t('account.quickLinksTitle')}</h2>
      <ul className="my-account-shortcuts">
        {shortcuts.map((item) => (
          <li key={item.href}>
            <Link href={item.href} variant="subtle" className="my-account-shortcut" data-testid={item.testId}>
              <span className="my-account-shortcut-title">{t(item.title)}</span>
              <span className="my-account-shortcut-hint">{t(item.hint)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
