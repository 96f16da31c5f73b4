import type { CurrentUser } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button } from '@app/ui';
import './AccountMenu.css';

/**
 * The account menu's button: the avatar, the name and a chevron. Also shown, identical, until the menu's
 * code is wanted and while it loads (see AccountSlot), so the header does not move.
 */
export function AccountMenuTrigger({
  user,
  onPress,
  onLoadHint,
}: {
  user: CurrentUser;
  onPress?: () => void;
  /** Hover or focus: the menu's code may start downloading. */
  onLoadHint?: () => void;
}) {
  const t = useT();
  return (
    <Button
      onPress={onPress}
      onHoverStart={onLoadHint}
      onFocus={onLoadHint}
      variant="ghost"
      size="sm"
      className="account-menu-trigger"
      aria-label={t('common.accountMenuLabel', { username: user.username })}
    >
      <span className="account-avatar" aria-hidden="true">
        {user.username.slice(0, 1).toUpperCase()}
      </span>
      <span className="account-menu-name">{user.username}</span>
      <svg viewBox="0 0 20 20" aria-hidden="true" className="account-menu-chevron">
        <path d="M5 8l5 5 5-5" />
      </svg>
    </Button>
  );
}
