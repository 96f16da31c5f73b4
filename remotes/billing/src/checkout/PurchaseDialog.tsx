import type { components } from '@app/api-client';
import { useI18n } from '@app/i18n';
import { Badge, type uiEntryLoaders } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { useRef } from 'react';
import { PaymentMethodButtons } from './PaymentMethodButtons.tsx';
import './checkout.css';

type CreditPackage = components['schemas']['CreditPackage'];

/**
 * The package the user chose, what it costs and the enabled ways to pay (spec 000 §2 /pricing).
 * Open while `pkg` is set; the last package stays rendered while the dialog animates out.
 */
export function PurchaseDialog({
  kit: { Dialog, Modal },
  formatPrice,
  pkg,
  onClose,
}: {
  /** The kit's dialog widgets, loaded alongside this module. */
  kit: Awaited<ReturnType<typeof uiEntryLoaders.dialog>>;
  /** The page's price format (exactDollars), passed in so the page and this download share no module for it. */
  formatPrice: (price: number) => string;
  pkg: CreditPackage | null;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  const format = useFormat();
  const last = useRef(pkg);
  if (pkg) last.current = pkg;
  const shown = pkg ?? last.current;
  // The admin's Vietnamese wording where given (as packageText.ts, kept here so this download shares no module).
  const vi = language === 'vi';
  const name = shown && ((vi && shown.nameVi) || shown.name);
  const description = shown && ((vi && shown.descriptionVi) || shown.description);
  return (
    <Modal isOpen={pkg !== null} onOpenChange={(open) => !open && onClose()} isDismissable>
      <Dialog title={shown ? t('billing.dialogTitle', { name: name ?? '' }) : undefined} className="billing-dialog">
        {shown && (
          <div className="billing-dialog-body" data-testid="purchase-dialog">
            {shown.popular && (
              <Badge variant="accent" className="billing-dialog-popular">
                {t('billing.mostPopular')}
              </Badge>
            )}
            {description && <p className="billing-dialog-description">{description}</p>}
            <dl className="billing-dialog-facts">
              <div>
                <dt>{t('billing.dialogCredits')}</dt>
                <dd data-testid="dialog-credits">{format.number(shown.credits)}</dd>
              </div>
              <div>
                <dt>{t('billing.dialogPrice')}</dt>
                <dd data-testid="dialog-price">{formatPrice(shown.price)}</dd>
              </div>
            </dl>
            <PaymentMethodButtons pkg={shown} />
            <p className="billing-notice">{t('billing.creditsAfterConfirmation')}</p>
          </div>
        )}
      </Dialog>
    </Modal>
  );
}
