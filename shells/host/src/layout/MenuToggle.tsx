import { useT } from '@app/i18n';
import { Button } from '@app/ui';

/** The phone-size hamburger that opens and closes the mobile menu. */
export function MenuToggle({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="menu-toggle"
      aria-expanded={isOpen}
      aria-controls="mobile-menu"
      aria-label={t(isOpen ? 'common.closeMenu' : 'common.openMenu')}
      onPress={onToggle}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        {isOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </Button>
  );
}
