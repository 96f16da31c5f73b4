import { accountPasskeyRoutes } from './account.passkeys.routes.ts';
import { accountRecoveryRoutes } from './account.recovery.routes.ts';
import { accountRoutes } from './account.routes.ts';
import { accountSecurityRoutes } from './account.security.routes.ts';
import { accountSessionRoutes } from './account.sessions.routes.ts';
import { adminRoutes } from './admin.routes.ts';
import { auditRoutes } from './audit.routes.ts';
import { automationRoutes, webhookDeliveryRoutes } from './automation.routes.ts';
import { balanceAlertRoutes } from './balance-alert.routes.ts';
import { billingRoutes } from './billing.routes.ts';
import { boardRoutes } from './boards.routes.ts';
import { liveRoutes } from './live.routes.ts';
import { openaiImageRoutes } from './openai-images.routes.ts';
import type { RouteDef } from './route.ts';
import { shareRoutes } from './shares.routes.ts';
import { studioBulkRoutes } from './studio.bulk.routes.ts';
import { studioRoutes } from './studio.routes.ts';
import { systemRoutes } from './system.routes.ts';

/** Every route of the product; the server binds a handler to each by operationId. */
export const allRoutes: readonly RouteDef[] = [
  ...systemRoutes,
  ...billingRoutes,
  ...accountRoutes,
  ...accountRecoveryRoutes,
  ...accountSecurityRoutes,
  ...accountPasskeyRoutes,
  ...accountSessionRoutes,
  ...studioRoutes,
  ...boardRoutes,
  ...shareRoutes,
  ...studioBulkRoutes,
  ...liveRoutes,
  ...adminRoutes,
  ...auditRoutes,
  ...automationRoutes,
  ...webhookDeliveryRoutes,
  ...balanceAlertRoutes,
  ...openaiImageRoutes,
];
