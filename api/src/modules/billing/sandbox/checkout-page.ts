// The sandbox's hosted checkout page (Creem's would be on creem.io): the buyer approves or cancels. Plain HTML
// forms posting to this server, so it works in any browser without the UI bundle.
import { notFound, unauthorized } from '../../../errors.ts';
import type { AppRouter } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { escapeHtml, htmlPage } from '../../../http/html-page.ts';
import { assertSameSiteRequest } from '../../auth/index.ts';
import { minorUnitsToPrice } from '../money.ts';
import { approveSandboxCheckout, buyersCheckout, cancelSandboxCheckout } from './approve.service.ts';

/** The signed-in buyer; the sandbox must be on (404 otherwise, as if the page did not exist). */
function buyerOf(ctx: AppContext): string {
  if (!ctx.services.config.billing.paymentSandbox) throw notFound();
  const userId = ctx.state.user?.id;
  if (!userId) throw unauthorized('Sign in to pay.');
  return userId;
}

/** Registers GET /sandbox-checkout/:id and its approve and cancel actions. */
export function registerSandboxCheckout(router: AppRouter): void {
  router.get('/sandbox-checkout/:id', async (ctx) => {
    const { checkout, order } = await buyersCheckout(ctx.state.em, ctx.params.id ?? '', buyerOf(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    const action = (verb: string) => `/sandbox-checkout/${encodeURIComponent(checkout.id)}/${verb}`;
    const decided = checkout.status === 'pending' ? '' : `<p>This checkout is already ${escapeHtml(checkout.status)}.</p>`;
    ctx.body = htmlPage(
      'Sandbox checkout',
      `<span class="badge">Sandbox: test payment, no money moves</span>
<h1>Sandbox checkout</h1>
<p>This server has no payment keys, so purchases go through this test checkout. Approving grants the credits
exactly as a card payment would.</p>
<dl><dt>Package</dt><dd>${escapeHtml(order.packageName)}</dd><dt>Credits</dt><dd>${order.credits}</dd>
<dt>Amount</dt><dd>${minorUnitsToPrice(checkout.amountMinor)} ${escapeHtml(checkout.currency)}</dd></dl>
${decided}
<div class="actions">
<form method="post" action="${action('approve')}"><button class="pay" type="submit">Approve test payment</button></form>
<form method="post" action="${action('cancel')}"><button type="submit">Cancel</button></form>
</div>`,
    );
  });

  router.post('/sandbox-checkout/:id/approve', async (ctx) => {
    const userId = buyerOf(ctx);
    assertSameSiteRequest(ctx);
    const { services } = ctx;
    const decision = { checkoutId: ctx.params.id ?? '', userId, secretKey: services.config.secretKey };
    const { redirectUrl } = await approveSandboxCheckout(ctx.state.em, services.logger, decision);
    ctx.status = 303;
    ctx.redirect(redirectUrl);
  });

  router.post('/sandbox-checkout/:id/cancel', async (ctx) => {
    const userId = buyerOf(ctx);
    assertSameSiteRequest(ctx);
    const decision = { checkoutId: ctx.params.id ?? '', userId, secretKey: ctx.services.config.secretKey };
    const { redirectUrl } = await cancelSandboxCheckout(ctx.state.em, decision);
    ctx.status = 303;
    ctx.redirect(redirectUrl);
  });
}
