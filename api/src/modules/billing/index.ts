import type { billingRoutes } from '@app/contract';
import type { HandlersFor } from '../../http/bind.ts';
import { scheduleSweeps } from '../../jobs/sweeps.ts';
import type { ApiModule, ModuleProcess, ProcessContext } from '../module.ts';
import { CreditPackage } from './credit-package.entity.ts';
import { creemHandlers } from './creem/routes.ts';
import { historyHandlers } from './history/routes.ts';
import { OperatorAlerts, useOperatorAlerts } from './notifications/operator-notifier.ts';
import { Order } from './orders/order.entity.ts';
import { PaymentEvent } from './orders/payment-event.entity.ts';
import { reconcilePayPalOrders } from './paypal/reconcile.ts';
import { paypalHandlers } from './paypal/routes.ts';
import { catalogHandlers } from './routes.ts';
import { SandboxCheckout } from './sandbox/sandbox-checkout.entity.ts';
import { seedCreditPackages } from './seeds.ts';

export { CreditPackage } from './credit-package.entity.ts';
export { CreditPackageRepository } from './credit-package.repository.ts';
export {
  notifyOperator,
  OPERATOR_ALERT_QUEUE,
  OperatorAlerts,
  operatorNotifier,
  queueOperatorAlert,
} from './notifications/operator-notifier.ts';
export { Order } from './orders/order.entity.ts';
export { createPendingOrder } from './orders/order.service.ts';
export { presentCreditPackage } from './presenter.ts';
export { currentPricing } from './pricing.service.ts';
export { registerSandboxCheckout } from './sandbox/checkout-page.ts';

/** Every billing route, checked here to have exactly one handler. */
const billingHandlers = {
  ...catalogHandlers,
  ...historyHandlers,
  ...creemHandlers,
  ...paypalHandlers,
} satisfies HandlersFor<typeof billingRoutes>;

/** The operator's alert queue (Telegram) for every module, and the PayPal reconciliation sweep. */
async function billingProcess({ jobs, orm, config, logger }: ProcessContext): Promise<ModuleProcess> {
  // Registered before any module's work can queue an alert; worked on once the process starts.
  const alerts = new OperatorAlerts(jobs, { orm, config, logger });
  useOperatorAlerts(orm, alerts);
  return {
    async start() {
      await alerts.start();
      // Payments whose buyer never came back to capture them (or whose held capture completed later).
      await scheduleSweeps(jobs, logger, [
        { name: 'sweep-paypal-reconcile', cron: '*/5 * * * *', run: () => reconcilePayPalOrders({ orm, config, logger }) },
      ]);
    },
  };
}

/** Packages and prices, payment orders (Creem, PayPal) and the user's stats and credit history. */
export const billingModule: ApiModule = {
  name: 'billing',
  entities: [CreditPackage, Order, PaymentEvent, SandboxCheckout],
  handlers: billingHandlers,
  seed: seedCreditPackages,
  process: billingProcess,
};
