import { useT } from '@app/i18n';
import { Badge, Button } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '@app/ui/table';
import { RowActions } from '../shared/RowActions.tsx';
import { UserActiveSwitch } from './UserActiveSwitch.tsx';
import type { AdminUser } from './userTypes.ts';

interface UsersTableProps {
  users: AdminUser[];
  /** The signed-in admin, marked "You" (the server refuses to demote or disable them). */
  currentUserId: string | undefined;
  togglingId: string | null;
  onToggle: (user: AdminUser, isActive: boolean) => void;
  onEdit: (user: AdminUser) => void;
  onEditCredits: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  emptyText: string;
}

/** One page of users with their balance, image count, status and actions. */
export function UsersTable({ users, currentUserId, togglingId, onToggle, onEdit, onEditCredits, onDelete, emptyText }: UsersTableProps) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="admin-card-table">
      <Table aria-label={t('admin.sectionUsers')} data-testid="users-table">
        <TableHeader>
          <Column isRowHeader>{t('adminManage.user')}</Column>
          <Column>{t('adminManage.credits')}</Column>
          <Column>{t('adminManage.images')}</Column>
          <Column>{t('adminManage.status')}</Column>
          <Column>{t('adminManage.joined')}</Column>
          <Column>
            <span className="ui-visually-hidden">{t('adminManage.actions')}</span>
          </Column>
        </TableHeader>
        <TableBody items={users} renderEmptyState={() => <p className="admin-empty">{emptyText}</p>}>
          {(user) => (
            <Row id={user.id} data-testid="user-row">
              <Cell className="admin-users-user">
                <div className="admin-cell-title">
                  <strong>{user.username}</strong>
                  {user.isAdmin && <Badge variant="primary">{t('adminManage.admin')}</Badge>}
                  {user.id === currentUserId && <Badge variant="info">{t('adminManage.you')}</Badge>}
                </div>
                <div className="admin-cell-sub">{user.email ?? t('adminManage.noEmail')}</div>
                {user.googleLinked && <div className="admin-cell-sub">{t('adminManage.googleLinked')}</div>}
              </Cell>
              <Cell className="admin-numeric admin-users-credits" data-label={t('adminManage.credits')} data-testid="user-credits">
                {format.number(user.credits)}
              </Cell>
              <Cell className="admin-numeric admin-users-images" data-label={t('adminManage.images')}>
                {format.number(user.imageCount)}
              </Cell>
              <Cell className="admin-users-status">
                <UserActiveSwitch user={user} pending={togglingId === user.id} onToggle={onToggle} />
              </Cell>
              <Cell className="admin-users-joined">
                <div className="admin-nowrap">{format.date(user.createdAt)}</div>
                <div className="admin-cell-sub admin-nowrap">
                  {user.lastLoginAt ? t('adminManage.lastLogin', { date: format.date(user.lastLoginAt) }) : t('adminManage.neverLoggedIn')}
                </div>
              </Cell>
              <Cell className="admin-users-actions">
                <RowActions name={user.username} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onPress={() => onEditCredits(user)}
                    aria-label={t('adminManage.editCreditsNamed', { name: user.username })}
                  >
                    {t('adminManage.creditsButton')}
                  </Button>
                </RowActions>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
