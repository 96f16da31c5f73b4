import { useT } from '@app/i18n';
import { Button } from '@app/ui';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { CurrentUser } from '../session/authStore.ts';
import { useLogout } from '../session/useLogout.ts';
import './AccountMenu.css';

/** The signed-in user's menu in the header: My Account and Logout. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const t = useT();
  const logout = useLogout();
  return (
    <MenuTrigger>
      <Button
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
      <Popover placement="bottom end" offset={8} className="account-menu-popover">
        <div className="account-menu-header">
          <span className="account-menu-caption">{t('common.signedInAs')}</span>
          <strong className="account-menu-user">{user.username}</strong>
        </div>
        <Menu className="account-menu" aria-label={t('common.accountMenuLabel', { username: user.username })}>
          <MenuItem id="my-account" href="/my-account" className="account-menu-item">
            {t('common.myAccount')}
          </MenuItem>
          <MenuItem id="logout" className="account-menu-item" data-tone="danger" onAction={() => void logout()}>
            {t('common.logout')}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
