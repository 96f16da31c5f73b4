import { api, toMessage, unwrap, useApi, useInvalidate } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, Spinner, toast } from '@app/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { SectionHeader } from '../shared/SectionHeader.tsx';
import { PackageDialog } from './PackageDialog.tsx';
import { PackagesTable } from './PackagesTable.tsx';
import type { AdminCreditPackage } from './packageTypes.ts';

/** Credit Packages: the full list with add, edit and delete. */
export function PackagesSection() {
  const t = useT();
  const invalidate = useInvalidate();
  const { data: packages, error } = useApi('/api/admin/credit-packages');
  const [editing, setEditing] = useState<AdminCreditPackage | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminCreditPackage | null>(null);

  // The public list (/pricing, /purchase-credits) is cached too: fetch it again after any change.
  const refresh = () => invalidate('/api/admin/credit-packages', '/api/credit-packages');

  const openDialog = (pkg: AdminCreditPackage | null) => {
    setEditing(pkg);
    setDialogOpen(true);
  };

  const remove = async (pkg: AdminCreditPackage) => {
    try {
      const result = unwrap(await api.DELETE('/api/admin/credit-packages/{id}', { params: { path: { id: pkg.id } } }));
      toast({
        title: t('admin.packageDeleted'),
        description: result.deactivated ? t('admin.packageDeactivatedInstead', { name: pkg.name }) : pkg.name,
        variant: 'success',
      });
      await refresh();
    } catch (err) {
      toast({ title: t('admin.deleteFailed'), description: toMessage(err, t('admin.tryAgainLater')), variant: 'error' });
    }
  };

  return (
    <section>
      <SectionHeader
        title={t('admin.sectionPackages')}
        description={t('admin.packagesDescription')}
        actions={<Button onPress={() => openDialog(null)}>{t('admin.addPackage')}</Button>}
      />
      {error && <Card className="admin-empty">{toMessage(error, t('admin.loadFailed'))}</Card>}
      {!packages && !error && <Spinner size="lg" className="admin-section-spinner" />}
      {packages && <PackagesTable packages={packages} onEdit={openDialog} onDelete={setDeleting} />}
      <PackageDialog item={editing} isOpen={dialogOpen} onOpenChange={setDialogOpen} onSaved={refresh} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.packageDeleteTitle')}
        message={t('admin.packageDeleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('admin.delete')}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}
