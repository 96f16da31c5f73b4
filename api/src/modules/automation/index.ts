import type { ApiModule } from '../module.ts';
import { balanceAlertHandlers } from './balance-alert/balance-alert.routes.ts';
import { BalanceAlertCallback } from './balance-alert/balance-alert-callback.entity.ts';
import { deliveryHandlers } from './callbacks/deliveries.routes.ts';
import { WebhookDelivery } from './callbacks/webhook-delivery.entity.ts';
import { automationProcess } from './process.ts';
import { automationHandlers } from './routes.ts';

/** The customer automation API (`/api/n8n/*`) for n8n and other integrators, authenticated by API tokens. */
export const automationModule: ApiModule = {
  name: 'automation',
  entities: [WebhookDelivery, BalanceAlertCallback],
  handlers: { ...automationHandlers, ...deliveryHandlers, ...balanceAlertHandlers },
  process: automationProcess,
};

export { type ApiTaskRequest, type KeyedTaskAnswer, submitApiTask, submitApiTaskOnce } from './api-submit.ts';
export type { ImageInput } from './image-inputs.ts';
export { waitForTaskEnd } from './prefer-wait.ts';
export { presentAutomationStatus } from './status.presenter.ts';
export { limitPerToken } from './token-limit.ts';
