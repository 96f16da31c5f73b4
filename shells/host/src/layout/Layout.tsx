import { useT } from '@app/i18n';
import type { ReactNode } from 'react';
import { SessionUpkeep } from '../session/SessionUpkeep.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import './Layout.css';

/** Header and footer around every page, host or remote; they never unmount on navigation. */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="app">
      <SessionUpkeep />
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" className="app-main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
