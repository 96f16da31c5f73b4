// The billing browser tests' world: the real API serving the built UI, wired to the local Creem and PayPal
// fakes, the seeded packages sold through Creem products, and signed-in buyers as browser sessions.
import { createUser, signIn, startTestServer, type TestServer } from '@app/api/testing';
import type { Browser, Page } from 'playwright-core';
import { AdminSettings } from '../../../api/src/modules/settings/index.ts';
import { type FakeCreem, startFakeCreem } from '../../../api/test/fakes/creem-server.ts';
import { type FakePayPal, startFakePayPal } from '../../../api/test/fakes/paypal-server.ts';
import { DESKTOP, openPage, type TrackedPage } from './browser.ts';
import { HOST_DIST } from './ui-build.ts';

/** The seeded demo packages (api seeds) and the Creem product each one is sold as; prices in cents. */
export const PACKAGES = [
  { name: 'Starter', credits: 500, productId: 'prod_starter', cents: 500 },
  { name: 'Popular', credits: 1200, productId: 'prod_popular', cents: 1000 },
  { name: 'Pro', credits: 3000, productId: 'prod_pro', cents: 2000 },
] as const;

export interface BillingWorld {
  server: TestServer;
  creem: FakeCreem;
  paypal: FakePayPal;
  /** Switch the payment methods on or off (the credentials stay configured). */
  enableMethods(methods: { card: boolean; paypal: boolean }): Promise<void>;
  /** A new user with `credits`, signed in on a fresh browser page. */
  signedInPage(
    browser: Browser,
    options?: { credits?: number; viewport?: { width: number; height: number } },
  ): Promise<TrackedPage & { userId: string }>;
  balance(userId: string): Promise<number>;
  close(): Promise<void>;
}

/** Starts the fakes and the app with both payment methods configured and enabled. */
export async function startBillingWorld(): Promise<BillingWorld> {
  const creem = await startFakeCreem({
    products: PACKAGES.map((p) => ({ id: p.productId, name: p.name, price: p.cents, currency: 'USD' })),
  });
  const paypal = await startFakePayPal();
  const server = await startTestServer({
    staticDir: HOST_DIST,
    seed: true,
    config: { billing: { creemBaseUrl: creem.url, paypalBaseUrl: paypal.url } },
  });
  creem.setWebhookUrl(`${server.url}/api/creem/webhook`);
  const em = () => server.orm.em.fork();
  for (const pkg of PACKAGES) {
    await em().execute('update credit_packages set creem_product_id = ? where name = ?', [pkg.productId, pkg.name]);
  }
  // Secrets are stored encrypted, so they go through the entity rather than raw SQL.
  await em().nativeUpdate(
    AdminSettings,
    { id: 1 },
    {
      creemApiKey: creem.apiKey,
      creemWebhookSecret: creem.webhookSecret,
      paypalClientId: paypal.clientId,
      paypalClientSecret: paypal.clientSecret,
      creemEnabled: true,
      paypalEnabled: true,
    },
  );

  return {
    server,
    creem,
    paypal,
    async enableMethods({ card, paypal: paypalOn }) {
      await em().nativeUpdate(AdminSettings, { id: 1 }, { creemEnabled: card, paypalEnabled: paypalOn });
    },
    async signedInPage(browser, options = {}) {
      const user = await createUser(server, { credits: options.credits ?? 0 });
      const [name, value] = (await signIn(server, user)).split('=') as [string, string];
      const tracked = await openPage(browser, options.viewport ?? DESKTOP);
      await tracked.page.context().addCookies([{ name, value, url: server.url }]);
      return { ...tracked, userId: user.id };
    },
    async balance(userId) {
      const rows = await em().execute<Array<{ credits: number }>>('select credits from users where id = ?', [userId]);
      return rows[0]?.credits ?? Number.NaN;
    },
    async close() {
      await server.close();
      await Promise.all([creem.close(), paypal.close()]);
    },
  };
}

/** The package card named `name` on /pricing. */
export const packageCard = (page: Page, name: string) =>
  page.getByTestId('credit-package').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The text of the toast on screen (one at a time), or '' when none. */
export async function toastText(page: Page): Promise<string> {
  const region = page.locator('.ui-ToastRegion');
  return (await region.count()) ? ((await region.textContent()) ?? '') : '';
}
