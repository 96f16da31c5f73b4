import { useSession } from '@app/api-client';
import { useI18n } from '@app/i18n';
import { useEffect, useRef, useState } from 'react';
import { AccountSlot } from './AccountSlot.tsx';
import { Brand } from './Brand.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MenuToggle } from './MenuToggle.tsx';
import { MobileAccount } from './MobileAccount.tsx';
import { NavLinks } from './NavLinks.tsx';
import { useCompactHeader } from './useCompactHeader.ts';
import './Header.css';

/** The sticky dark header: brand, links, language, account; a toggle and a menu when the links do not fit. */
export function Header() {
  const { t, language } = useI18n();
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const nav = useRef<HTMLElement>(null);
  const fold = useCompactHeader(bar, nav, `${language}:${user ? (user.isAdmin ? 'admin' : 'user') : 'visitor'}`);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="app-header" data-menu-open={menuOpen || undefined} data-fold={fold || undefined}>
      <div className="ui-container app-header-bar" ref={bar}>
        <Brand onNavigate={closeMenu} />
        <nav aria-label={t('common.navLabel')} className="header-nav" ref={nav}>
          <NavLinks />
        </nav>
        <div className="header-actions">
          <LanguageSwitch />
          <div className="header-account">
            <AccountSlot />
          </div>
          <MenuToggle isOpen={menuOpen} onToggle={() => setMenuOpen((open) => !open)} />
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label={t('common.navLabel')} className="mobile-menu">
          <div className="ui-container">
            <NavLinks className="mobile-nav" onNavigate={closeMenu} />
            <div className="mobile-menu-account">
              <MobileAccount onNavigate={closeMenu} />
            </div>
          </div>
        </nav>
      )}
    </header>
  );
}
