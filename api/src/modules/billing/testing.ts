// Shared set-up for the payment tests: the real app on a fresh database, wired to the fake Creem, PayPal and
// Telegram servers through the configuration, with payments enabled, one package on sale and signed-in buyers.
import { type FakeCreem, startFakeCreem } from '../../../test/fakes/creem-server.ts';
import { type FakePayPal, startFakePayPal } from '../../../test/fakes/paypal-server.ts';
import { type FakeTelegram, startFakeTelegram } from '../../../test/fakes/telegram-server.ts';
import { createUser, signIn, startTestServer, type TestServer, type TestServerOptions, type TestUser } from '../../../test/index.ts';
import { findLedgerMismatches, Transaction } from '../ledger/index.ts';
import { AdminSettings } from '../settings/index.ts';
import { User } from '../users/index.ts';
import { CreditPackage } from './credit-package.entity.ts';
import { type OperatorAlerts, operatorNotifier } from './notifications/operator-notifier.ts';
import { Order } from './orders/order.entity.ts';
import { PaymentEvent } from './orders/payment-event.entity.ts';

/** The Creem product of the package on sale: $10.00 for 1200 credits. */
export const PRODUCT = { id: 'prod_popular', name: 'Popular', price: 1000, currency: 'USD' };

export interface Buyer extends TestUser {
  /** `sid=...` for the `cookie` request option. */
  cookie: string;
}

export interface PaymentsKit {
  server: TestServer;
  creem: FakeCreem;
  paypal: FakePayPal;
  telegram: FakeTelegram;
  /** The active package with a Creem product (1200 credits, $10.00). */
  packageId: string;
  /** A new user with a session. */
  buyer(): Promise<Buyer>;
  settings(values: Partial<AdminSettings>): Promise<void>;
  credits(userId: string): Promise<number>;
  order(orderId: string): Promise<Order>;
  purchases(userId: string): Promise<Transaction[]>;
  events(orderId?: string): Promise<PaymentEvent[]>;
  /** The app's operator notifier (await `idle()` before reading Telegram messages). */
  notifier(): OperatorAlerts;
  /** Users whose balance differs from their ledger (must stay empty). */
  mismatches(): ReturnType<typeof findLedgerMismatches>;
  close(): Promise<void>;
}

/** Starts the fakes and the app with Creem, PayPal and Telegram configured and one package on sale (`options` for the rest). */
export async function startPaymentsKit(options: Pick<TestServerOptions, 'studio' | 'config'> = {}): Promise<PaymentsKit> {
  const [creem, paypal, telegram] = await Promise.all([
    startFakeCreem({ products: [PRODUCT, { id: 'prod_other', name: 'Other', price: 1000, currency: 'USD' }] }),
    startFakePayPal(),
    startFakeTelegram(),
  ]);
  const server = await startTestServer({
    ...options,
    config: { ...options.config, billing: { creemBaseUrl: creem.url, paypalBaseUrl: paypal.url, telegramBaseUrl: telegram.url } },
  });
  creem.setWebhookUrl(`${server.url}/api/creem/webhook`);
  const em = () => server.orm.em.fork();
  const settings = async (values: Partial<AdminSettings>) => {
    await em().nativeUpdate(AdminSettings, { id: 1 }, values);
    await server.heard();
  };
  await settings({
    creemEnabled: true,
    creemApiKey: creem.apiKey,
    creemWebhookSecret: creem.webhookSecret,
    paypalEnabled: true,
    paypalClientId: paypal.clientId,
    paypalClientSecret: paypal.clientSecret,
    telegramBotToken: telegram.botToken,
    telegramChatId: telegram.chatId,
  });
  const pkgEm = em();
  const pkg = pkgEm.create(CreditPackage, { name: 'Popular', credits: 1200, price: '10.00', creemProductId: PRODUCT.id });
  await pkgEm.flush();

  return {
    server,
    creem,
    paypal,
    telegram,
    packageId: pkg.id,
    async buyer() {
      const user = await createUser(server);
      return { ...user, cookie: await signIn(server, user) };
    },
    settings,
    credits: async (userId) => (await em().findOneOrFail(User, { id: userId })).credits,
    order: (orderId) => em().findOneOrFail(Order, { id: orderId }),
    purchases: (userId) => em().find(Transaction, { user: userId, type: 'purchase' }),
    events: (orderId) => em().find(PaymentEvent, orderId ? { orderId } : {}, { orderBy: { receivedAt: 'asc' } }),
    notifier: () => operatorNotifier({ orm: server.orm }),
    mismatches: () => findLedgerMismatches(em()),
    async close() {
      await server.close();
      await Promise.all([creem.close(), paypal.close(), telegram.close()]);
    },
  };
}
