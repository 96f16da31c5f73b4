import { useT } from '@app/i18n';
import { Switch } from '@app/ui';
import type { AdminUser } from './userTypes.ts';

interface UserActiveSwitchProps {
  user: AdminUser;
  pending: boolean;
  onToggle: (user: AdminUser, isActive: boolean) => void;
}

/** Enable or disable a user straight from the table. */
export function UserActiveSwitch({ user, pending, onToggle }: UserActiveSwitchProps) {
  const t = useT();
  return (
    <Switch
      isSelected={user.isActive}
      isDisabled={pending}
      onChange={(isActive) => onToggle(user, isActive)}
      aria-label={t('adminManage.toggleUser', { name: user.username })}
      className="admin-user-switch"
    >
      <span className={user.isActive ? 'admin-status-on' : 'admin-status-off'}>
        {user.isActive ? t('adminManage.active') : t('admin.disabled')}
      </span>
    </Switch>
  );
}
