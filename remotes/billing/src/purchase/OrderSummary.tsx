import { useI18n } from '@app/i18n';
import { Button, Card, Radio, RadioGroup, Spinner } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { useState } from 'react';
import { MethodsUnavailable } from '../checkout/MethodsUnavailable.tsx';
import { methodLabel } from '../checkout/methodLabels.ts';
import type { PaymentMethod } from '../checkout/paymentMethods.ts';
import { useCheckout } from '../checkout/useCheckout.ts';
import { usePaymentMethods } from '../checkout/usePaymentMethods.ts';
import { usePrices } from '../format/price.ts';
import type { CreditPackage } from '../packages/PackageCard.tsx';
import { usePackageText } from '../packages/packageText.ts';

/**
 * The chosen package, how to pay and 'Proceed to Payment', which starts the real checkout.
 * With both methods enabled the buyer picks one (card first); with one it is used directly.
 */
export function OrderSummary({ pkg }: { pkg: CreditPackage | null }) {
  const { exactDollars, pricePerCredit } = usePrices();
  const packageText = usePackageText();
  const { t } = useI18n();
  const format = useFormat();
  const { methods, sandbox, isLoading, isError } = usePaymentMethods();
  const { start, pending } = useCheckout();
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen && methods.includes(chosen) ? chosen : (methods[0] ?? null);

  return (
    <Card className="billing-summary" data-testid="order-summary">
      <h2 className="billing-summary-title">{t('billing.summaryTitle')}</h2>
      {pkg ? (
        <dl className="billing-summary-lines">
          <div>
            <dt>{t('billing.summaryPackage')}</dt>
            <dd>{packageText(pkg).name}</dd>
          </div>
          <div>
            <dt>{t('billing.summaryCredits')}</dt>
            <dd>{format.number(pkg.credits)}</dd>
          </div>
          <div>
            <dt>{t('billing.summaryPricePerCredit')}</dt>
            <dd>{pricePerCredit(pkg.price, pkg.credits)}</dd>
          </div>
          <div className="billing-summary-total">
            <dt>{t('billing.summaryTotal')}</dt>
            <dd data-testid="summary-total">{exactDollars(pkg.price)}</dd>
          </div>
        </dl>
      ) : (
        <p className="billing-summary-empty ui-muted">{t('billing.summaryEmpty')}</p>
      )}

      {isLoading ? (
        <Spinner className="billing-methods-spinner" />
      ) : methods.length === 0 ? (
        <MethodsUnavailable isError={isError} />
      ) : (
        (methods.length > 1 || sandbox) && (
          <RadioGroup
            label={t('billing.paymentMethod')}
            value={method}
            onChange={(value) => setChosen(value as PaymentMethod)}
            isDisabled={pending !== null}
            className="billing-summary-methods"
          >
            {methods.map((m) => (
              <Radio key={m} value={m} card>
                {t(methodLabel(m, sandbox).label)}
              </Radio>
            ))}
          </RadioGroup>
        )
      )}

      <Button
        size="lg"
        className="billing-summary-proceed"
        isDisabled={!pkg || !method}
        isPending={pending !== null}
        onPress={() => pkg && method && void start(method, pkg)}
      >
        {t('billing.proceedToPayment')}
      </Button>
      <p className="billing-notice">{t('billing.creditsAfterConfirmation')}</p>
    </Card>
  );
}
