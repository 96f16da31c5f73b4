import { useT } from '@app/i18n';
import { Link } from '@app/ui';
import { EXTERNAL_LINKS } from '../links.ts';
import { Brand } from './Brand.tsx';
import './Footer.css';

/** Brand, tagline, this year's copyright and an external Contact link to the support profile. */
export function Footer() {
  const t = useT();
  return (
    <footer className="app-footer">
      <div className="ui-container app-footer-inner">
        <div className="app-footer-brand">
          <Brand />
          <p>{t('common.footerTagline')}</p>
        </div>
        <div className="app-footer-meta">
          <p className="app-footer-copyright">{t('common.footerCopyright', { year: String(new Date().getFullYear()) })}</p>
          <Link href={EXTERNAL_LINKS.telegram} target="_blank" rel="noopener noreferrer" variant="subtle" className="app-footer-contact">
            {t('common.footerContact')}
          </Link>
        </div>
      </div>
    </footer>
  );
}
