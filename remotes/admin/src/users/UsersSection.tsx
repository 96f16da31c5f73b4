import { api, toMessage, unwrap, useApi, useInvalidate } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, Pagination, Spinner, TextField, toast } from '@app/ui';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { SectionHeader } from '../shared/SectionHeader.tsx';
import { CreditsDialog } from './CreditsDialog.tsx';
import { UserDialog } from './UserDialog.tsx';
import { UsersTable } from './UsersTable.tsx';
import { filterByEmail, pageButtons, pageCountOf, pageOf, shownRange } from './userPaging.ts';
import type { AdminUser } from './userTypes.ts';
import './users.css';

/**
 * User Management: every user is fetched once, then filtered by email and paged 10 at a time
 * in the browser, as the spec's dashboard does.
 */
export function UsersSection() {
  const t = useT();
  const invalidate = useInvalidate();
  const { data, error } = useApi('/api/admin/users');
  const { data: me } = useApi('/api/auth/current-user');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [creditsFor, setCreditsFor] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [togglingId, setTogglingId] = useState<string | null>(null);

  const filtered = useMemo(() => filterByEmail(data?.data ?? [], filter), [data, filter]);
  const pageCount = pageCountOf(filtered.length);
  // A filter or a deletion can shrink the list under the current page.
  const current = Math.min(page, pageCount);
  const rows = pageOf(filtered, current);
  const { from, to } = shownRange(current, filtered.length);
  const filtering = filter.trim() !== '';

  // The current user's own balance shows in the header, so refresh it along with the list.
  const reload = () => invalidate('/api/admin/users', '/api/auth/current-user');
  const openDialog = (user: AdminUser | null) => {
    setEditing(user);
    setDialogOpen(true);
  };

  const toggle = async (user: AdminUser, isActive: boolean) => {
    setTogglingId(user.id);
    try {
      unwrap(await api.PUT('/api/admin/users/{userId}/toggle', { params: { path: { userId: user.id } }, body: { isActive } }));
      toast({
        title: t('admin.userUpdated'),
        description: isActive ? t('admin.userEnabledBody', { name: user.username }) : t('admin.userDisabledBody', { name: user.username }),
        variant: 'success',
      });
      await reload();
    } catch (err) {
      toast({ title: t('admin.userUpdateFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    } finally {
      setTogglingId(null);
    }
  };

  const remove = async (user: AdminUser) => {
    try {
      unwrap(await api.DELETE('/api/admin/users/{id}', { params: { path: { id: user.id } } }));
      toast({ title: t('admin.userDeleted'), description: user.username, variant: 'success' });
      await reload();
    } catch (err) {
      toast({ title: t('admin.userDeleteFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    }
  };

  return (
    <section>
      <SectionHeader
        title={t('admin.sectionUsers')}
        description={t('admin.usersDescription')}
        actions={<Button onPress={() => openDialog(null)}>{t('admin.addUser')}</Button>}
      />
      {error && <Card className="admin-empty">{toMessage(error, t('admin.loadFailed'))}</Card>}
      {!data && !error && <Spinner size="lg" className="admin-section-spinner" />}
      {data && (
        <div className="admin-users">
          <TextField
            className="admin-users-filter"
            label={t('admin.filterByEmail')}
            type="search"
            placeholder={t('admin.filterByEmailPlaceholder')}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
          />
          <UsersTable
            users={rows}
            currentUserId={me?.user?.id}
            togglingId={togglingId}
            onToggle={toggle}
            onEdit={openDialog}
            onEditCredits={setCreditsFor}
            onDelete={setDeleting}
            emptyText={filtering ? t('admin.usersNoMatch') : t('admin.usersEmpty')}
          />
          <div className="admin-users-footer">
            <p className="ui-muted" data-testid="users-showing">
              {t('admin.usersShowing', { from, to, total: filtered.length })}
              {filtering && ` ${t('admin.usersFiltered')}`}
            </p>
            {/* Up to five numbered pages and no first/last gaps (spec 001 §2), unlike the kit's default. */}
            <Pagination
              page={current}
              pageCount={pageCount}
              onPageChange={setPage}
              numbering={pageButtons}
              aria-label={t('admin.usersPagination')}
            />
          </div>
        </div>
      )}
      <UserDialog item={editing} isOpen={dialogOpen} onOpenChange={setDialogOpen} onSaved={reload} />
      <CreditsDialog user={creditsFor} onClose={() => setCreditsFor(null)} onSaved={reload} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.userDeleteTitle')}
        message={t('admin.userDeleteMessage', { name: deleting?.username ?? '' })}
        confirmLabel={t('admin.delete')}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}
