import { useMutation, useProblemMessage, useQuery, useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, Pagination, Spinner, TextField, toast } from '@app/ui';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { SectionHeader } from '../shared/SectionHeader.tsx';
import { CreditsDialog } from './CreditsDialog.tsx';
import { UserDialog } from './UserDialog.tsx';
import { UsersTable } from './UsersTable.tsx';
import { filterUsers, pageButtons, pageCountOf, pageOf, shownRange } from './userPaging.ts';
import { type AdminUser, USER_LISTS } from './userTypes.ts';
import './users.css';

/**
 * User Management: every user is fetched once, then filtered by username or email and paged 10 at a time
 * in the browser, as the spec's dashboard does.
 */
export function UsersSection() {
  const t = useT();
  const problemMessage = useProblemMessage();
  const { data, error } = useQuery('/api/admin/users');
  const { user: me } = useSession();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [creditsFor, setCreditsFor] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [togglingId, setTogglingId] = useState<string | null>(null);

  const filtered = useMemo(() => filterUsers(data?.data ?? [], filter), [data, filter]);
  const pageCount = pageCountOf(filtered.length);
  // A filter or a deletion can shrink the list under the current page.
  const current = Math.min(page, pageCount);
  const rows = pageOf(filtered, current);
  const { from, to } = shownRange(current, filtered.length);
  const filtering = filter.trim() !== '';

  const openDialog = (user: AdminUser | null) => {
    setEditing(user);
    setDialogOpen(true);
  };

  const setActive = useMutation('put', '/api/admin/users/{userId}/toggle', {
    failure: t('adminManage.userUpdateFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: USER_LISTS,
  });
  const toggle = async (user: AdminUser, isActive: boolean) => {
    setTogglingId(user.id);
    if (await setActive.trigger({ params: { path: { userId: user.id } }, body: { isActive } })) {
      const name = user.username;
      const description = isActive ? t('adminManage.userEnabledBody', { name }) : t('adminManage.userDisabledBody', { name });
      toast({ title: t('adminManage.userUpdated'), description, variant: 'success' });
    }
    setTogglingId(null);
  };

  const deleteUser = useMutation('delete', '/api/admin/users/{id}', {
    failure: t('adminManage.userDeleteFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: USER_LISTS,
  });
  const remove = async (user: AdminUser) => {
    if (await deleteUser.trigger({ params: { path: { id: user.id } } })) {
      toast({ title: t('adminManage.userDeleted'), description: user.username, variant: 'success' });
    }
  };

  return (
    <section>
      <SectionHeader
        title={t('admin.sectionUsers')}
        description={t('admin.usersDescription')}
        actions={<Button onPress={() => openDialog(null)}>{t('admin.addUser')}</Button>}
      />
      {error && <Card className="admin-empty">{problemMessage(error, t('admin.loadFailed'))}</Card>}
      {!data && !error && <Spinner size="lg" className="admin-section-spinner" />}
      {data && (
        <div className="admin-users">
          <TextField
            className="admin-users-filter"
            label={t('adminManage.filterUsers')}
            type="search"
            placeholder={t('adminManage.filterUsersPlaceholder')}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
          />
          <UsersTable
            users={rows}
            currentUserId={me?.id}
            togglingId={togglingId}
            onToggle={toggle}
            onEdit={openDialog}
            onEditCredits={setCreditsFor}
            onDelete={setDeleting}
            emptyText={filtering ? t('adminManage.usersNoMatch') : t('adminManage.usersEmpty')}
          />
          <div className="admin-users-footer">
            <p className="ui-muted" data-testid="users-showing">
              {t('adminManage.usersShowing', { from, to, total: filtered.length })}
              {filtering && ` ${t('adminManage.usersFiltered')}`}
            </p>
            {/* Up to five numbered pages and no first/last gaps (spec 001 §2), unlike the kit's default. */}
            <Pagination
              page={current}
              pageCount={pageCount}
              onPageChange={setPage}
              numbering={pageButtons}
              aria-label={t('adminManage.usersPagination')}
            />
          </div>
        </div>
      )}
      <UserDialog item={editing} isOpen={dialogOpen} onOpenChange={setDialogOpen} />
      <CreditsDialog user={creditsFor} onClose={() => setCreditsFor(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('adminManage.userDeleteTitle')}
        message={t('adminManage.userDeleteMessage', { name: deleting?.username ?? '' })}
        confirmLabel={t('adminManage.delete')}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}
