import { useT } from '@app/i18n';
import { Button, Spinner } from '@app/ui';
import { MethodIcon } from './MethodIcon.tsx';
import { MethodsUnavailable } from './MethodsUnavailable.tsx';
import { methodLabel } from './methodLabels.ts';
import type { PayablePackage } from './startPayment.ts';
import { useCheckout } from './useCheckout.ts';
import { usePaymentMethods } from './usePaymentMethods.ts';

/** One button per enabled payment method; each starts that provider's checkout for `pkg`. */
export function PaymentMethodButtons({ pkg }: { pkg: PayablePackage }) {
  const t = useT();
  const { methods, sandbox, isLoading, isError } = usePaymentMethods();
  const { start, pending } = useCheckout();
  if (isLoading) return <Spinner className="billing-methods-spinner" />;
  if (methods.length === 0) return <MethodsUnavailable isError={isError} />;
  return (
    <fieldset className="billing-methods">
      <legend className="billing-methods-legend">{t('billing.choosePaymentMethod')}</legend>
      {methods.map((method) => (
        <Button
          key={method}
          size="lg"
          variant={method === 'card' ? 'primary' : 'secondary'}
          className="billing-method"
          data-method={method}
          isPending={pending === method}
          isDisabled={pending !== null && pending !== method}
          onPress={() => void start(method, pkg)}
        >
          <MethodIcon method={method} />
          <span className="billing-method-text">
            <span className="billing-method-label">{t(methodLabel(method, sandbox).label)}</span>
            <span className="billing-method-hint">{t(methodLabel(method, sandbox).hint)}</span>
          </span>
        </Button>
      ))}
    </fieldset>
  );
}
