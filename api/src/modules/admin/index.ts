// The admin area: settings, packages, provider accounts, users, all transactions, refunds and recovery.
// Every route is declared with role 'admin' in the contract, so http/roles.ts refuses anyone else.
import { type ApiModule, serviceOf } from '../module.ts';
import { adminKieApiHandlers } from './kie-apis/routes.ts';
import { wireOperatorAlerts } from './notifications/operator-alerts.ts';
import { adminPackageHandlers } from './packages/routes.ts';
import { encryptPlaintextSecrets } from './secrets/encrypt-plaintext.ts';
import { adminSettingsHandlers } from './settings/routes.ts';
import { adminTaskHandlers } from './tasks/routes.ts';
import { adminTransactionHandlers } from './transactions/routes.ts';
import { adminUserHandlers } from './users/routes.ts';

export { encryptPlaintextSecrets } from './secrets/encrypt-plaintext.ts';

export const adminModule: ApiModule = {
  name: 'admin',
  handlers: {
    ...adminSettingsHandlers,
    ...adminPackageHandlers,
    ...adminKieApiHandlers,
    ...adminUserHandlers,
    ...adminTransactionHandlers,
    ...adminTaskHandlers,
  },
  onStart: async ({ em, logger }) => {
    const encrypted = await encryptPlaintextSecrets(em);
    if (encrypted) logger.info({ encrypted }, 'encrypted plaintext secrets found in the database');
  },
  // The operator's alerts on the studio's failed generations and low provider credits.
  process: async (context) => {
    const unsubscribe = wireOperatorAlerts(serviceOf(context, 'studio'), context);
    return { stop: async () => unsubscribe() };
  },
};
