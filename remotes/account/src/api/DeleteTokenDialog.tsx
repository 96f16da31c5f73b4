import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, toast } from '@app/ui';
import { useLazyDialog } from '../shared/useLazyDialog.ts';
import type { ApiToken } from './tokensApi.ts';

/** The Delete button of one token and its confirmation. */
export function DeleteTokenDialog({ token, onDeleted }: { token: ApiToken; onDeleted: () => void }) {
  const t = useT();
  const { isOpen, setOpen, kit, open, triggerProps } = useLazyDialog();
  const remove = useMutation('delete', '/api/user-tokens/{id}', {
    failure: t('account.deleteTokenFailed'),
    fallback: t('account.genericError'),
    invalidates: ['/api/user-tokens'],
    onSuccess: () => {
      setOpen(false);
      toast({ title: t('account.tokenDeleted'), description: token.name, variant: 'success' });
      onDeleted();
    },
  });
  const { pending } = remove;
  const confirm = () => remove.trigger({ params: { path: { id: token.id } } });

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="token-delete account-icon-button"
        aria-label={t('account.deleteTokenLabel', { name: token.name })}
        {...triggerProps}
        onPress={() => void open()}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true">
          <path d="M4 6h12M8 6V4.5h4V6M6 6l.7 9.5a1.5 1.5 0 0 0 1.5 1.5h3.6a1.5 1.5 0 0 0 1.5-1.5L14 6" />
        </svg>
        <span className="token-delete-label">{t('account.deleteToken')}</span>
      </Button>
      {kit && (
        <kit.Modal size="sm" isDismissable={!pending} isOpen={isOpen} onOpenChange={setOpen}>
          <kit.Dialog title={t('account.deleteTokenTitle')} role="alertdialog">
            <p className="ui-muted">{t('account.deleteTokenBody', { name: token.name })}</p>
            <div className="ui-Dialog-actions">
              <Button variant="ghost" slot="close" isDisabled={pending}>
                {t('account.cancel')}
              </Button>
              <Button variant="danger" isPending={pending} onPress={() => void confirm()}>
                {t('account.deleteToken')}
              </Button>
            </div>
          </kit.Dialog>
        </kit.Modal>
      )}
    </>
  );
}
