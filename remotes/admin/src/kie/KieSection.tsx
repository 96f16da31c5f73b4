import { useMutation, useProblemMessage, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, Spinner, toast } from '@app/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { SectionHeader } from '../shared/SectionHeader.tsx';
import { KieAccountCard } from './KieAccountCard.tsx';
import { KieDialog } from './KieDialog.tsx';
import { KIE_LIST, type KieApiAccount } from './kieTypes.ts';
import './kie.css';

/** KIE API Management: the upstream accounts used in round-robin, with add, edit, refresh and delete. */
export function KieSection() {
  const t = useT();
  const problemMessage = useProblemMessage();
  const { data: accounts, error } = useQuery('/api/admin/kie-apis');
  const [editing, setEditing] = useState<KieApiAccount | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<KieApiAccount | null>(null);
  const [refreshing, setRefreshing] = useState<string | null>(null);

  const openDialog = (account: KieApiAccount | null) => {
    setEditing(account);
    setDialogOpen(true);
  };

  const refreshCredits = useMutation('post', '/api/admin/kie-apis/{id}/refresh-credits', {
    failure: t('adminManage.kieRefreshFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: KIE_LIST,
    onSuccess: (updated) => {
      const description = t('adminManage.kieRefreshedBody', { name: updated.name, count: updated.totalCredits });
      toast({ title: t('adminManage.kieRefreshed'), description, variant: 'success' });
    },
  });
  const refresh = async (account: KieApiAccount) => {
    setRefreshing(account.id);
    await refreshCredits.trigger({ params: { path: { id: account.id } } });
    setRefreshing(null);
  };

  const deleteAccount = useMutation('delete', '/api/admin/kie-apis/{id}', {
    failure: t('adminManage.kieDeleteFailed'),
    fallback: t('admin.tryAgainLater'),
    invalidates: KIE_LIST,
  });
  const remove = async (account: KieApiAccount) => {
    if (await deleteAccount.trigger({ params: { path: { id: account.id } } })) {
      toast({ title: t('adminManage.kieDeleted'), description: account.name, variant: 'success' });
    }
  };

  const enabled = accounts?.filter((account) => account.isEnabled).length ?? 0;

  return (
    <section>
      <SectionHeader
        title={t('admin.sectionKie')}
        description={t('admin.kieDescription')}
        actions={<Button onPress={() => openDialog(null)}>{t('admin.kieAdd')}</Button>}
      />
      {error && <Card className="admin-empty">{problemMessage(error, t('admin.loadFailed'))}</Card>}
      {!accounts && !error && <Spinner size="lg" className="admin-section-spinner" />}
      {accounts && accounts.length === 0 && <Card className="admin-empty">{t('adminManage.kieEmpty')}</Card>}
      {accounts && accounts.length > 0 && (
        <>
          <p className="admin-kie-summary ui-muted">{t('adminManage.kieSummary', { enabled, total: accounts.length })}</p>
          <div className="admin-kie-grid">
            {accounts.map((account) => (
              <KieAccountCard
                key={account.id}
                account={account}
                refreshing={refreshing === account.id}
                onEdit={() => openDialog(account)}
                onRefresh={() => refresh(account)}
                onDelete={() => setDeleting(account)}
              />
            ))}
          </div>
        </>
      )}
      <KieDialog item={editing} isOpen={dialogOpen} onOpenChange={setDialogOpen} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('adminManage.kieDeleteTitle')}
        message={t('adminManage.kieDeleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('adminManage.delete')}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}
