import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { cx, Link, matchesRoute, useLocation } from '@app/ui';
import { visibleNavItems } from './navItems.ts';

/** The main links; the current page's link is highlighted and marked `aria-current`. */
export function NavLinks({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const t = useT();
  const [pathname] = useLocation();
  const { user } = useSession();
  return (
    <ul className={cx('nav-links', className)}>
      {visibleNavItems(user?.isAdmin ?? false).map((item) => {
        // Home only on itself; another link also on the addresses below its page.
        const active = matchesRoute(item.href, pathname, item.href !== '/');
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              variant="subtle"
              className="nav-link"
              aria-current={active ? 'page' : undefined}
              data-active={active || undefined}
              onPress={onNavigate}
            >
              {t(item.label)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
