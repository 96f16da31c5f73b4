import type { CurrentUser } from '@app/api-client';
import { useT } from '@app/i18n';
import { useEffect } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useLogout } from '../session/useLogout.ts';
import { AccountMenuTrigger } from './AccountMenuTrigger.tsx';

/** The signed-in user's menu in the header: My Account and Logout. */
export function AccountMenu({
  user,
  defaultOpen = false,
  onMounted,
  onClosed,
}: {
  user: CurrentUser;
  defaultOpen?: boolean;
  onMounted?: () => void;
  onClosed?: () => void;
}) {
  const t = useT();
  // `defaultOpen` is read once: the caller may forget the early press from here on.
  useEffect(() => onMounted?.(), [onMounted]);
  const logout = useLogout();
  return (
    <MenuTrigger defaultOpen={defaultOpen} onOpenChange={(isOpen) => !isOpen && onClosed?.()}>
      <AccountMenuTrigger user={user} />
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
