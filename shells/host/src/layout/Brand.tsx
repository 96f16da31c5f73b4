import { useT } from '@app/i18n';
import { Link } from '@app/ui';

/** Logo and product name, linking home. */
export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  return (
    <Link href="/" variant="subtle" className="brand" onPress={onNavigate}>
      <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="url(#brand-gradient)" />
        <path d="M8 21.5c6.5 3 13.5.5 16.5-8l.8-3.5-2.8 1c-1.2 6-6.2 9.8-14.5 10.5z" fill="#fcd34d" />
        <defs>
          <linearGradient id="brand-gradient" x1="0" y1="0" x2="32" y2="32">
            <stop stopColor="#7c3aed" />
            <stop offset="1" stopColor="#4c1d95" />
          </linearGradient>
        </defs>
      </svg>
      <span className="brand-name">{t('common.brand')}</span>
    </Link>
  );
}
