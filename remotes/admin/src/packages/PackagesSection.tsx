import { useMutation, useProblemMessage, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, Spinner, toast } from '@app/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { SectionHeader } from '../shared/SectionHeader.tsx';
import { PACKAGE_LISTS, PackageDialog } from './PackageDialog.tsx';
import { PackagesTable } from './PackagesTable.tsx';
import type { AdminCreditPackage } from './packageTypes.ts';

/** Credit Packages: the full list with add, edit and delete. */
export function PackagesSection() {
  const t = useT();
  const problemMessage = useProblemMessage();
  const { data: packages, error } = useQuery('/api/admin/credit-packages');
  const [editing, setEditing] = useState<AdminCreditPackage | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminCreditPackage | null>(null);

  const openDialog = (pkg: AdminCreditPackage | null) => {
    setEditing(pkg);
    setDialogOpen(true);
  };

  // Confirmed in the dialog, so the package is the one `deleting` names.
  const remove = useMutation('delete', '/api/admin/credit-packages/{id}', {
    failure: t('adminManage.deleteFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: PACKAGE_LISTS,
    onSuccess: ({ deactivated }) => {
      const name = deleting?.name ?? '';
      const description = deactivated ? t('adminManage.packageDeactivatedInstead', { name }) : name;
      toast({ title: t('adminManage.packageDeleted'), description, variant: 'success' });
    },
  });

  return (
    <section>
      <SectionHeader
        title={t('admin.sectionPackages')}
        description={t('admin.packagesDescription')}
        actions={<Button onPress={() => openDialog(null)}>{t('admin.addPackage')}</Button>}
      />
      {error && <Card className="admin-empty">{problemMessage(error, t('admin.loadFailed'))}</Card>}
      {!packages && !error && <Spinner size="lg" className="admin-section-spinner" />}
      {packages && <PackagesTable packages={packages} onEdit={openDialog} onDelete={setDeleting} />}
      <PackageDialog item={editing} isOpen={dialogOpen} onOpenChange={setDialogOpen} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('adminManage.packageDeleteTitle')}
        message={t('adminManage.packageDeleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('adminManage.delete')}
        onConfirm={() => (deleting ? remove.trigger({ params: { path: { id: deleting.id } } }) : Promise.resolve())}
      />
    </section>
  );
}
