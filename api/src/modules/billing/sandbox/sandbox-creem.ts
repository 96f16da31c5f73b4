// The sandbox payment method: a Creem account that lives inside this server, offered outside production while no
// payment keys are set. It answers Creem's checkout API in process, so the real Creem client, return check and
// webhook handler run against it; only the hosted checkout page is ours (checkout-page.ts). No money moves.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { CreemConnection } from '../../../providers/creem/index.ts';
import { CreditPackage } from '../credit-package.entity.ts';
import { ORDER_CURRENCY, priceToMinorUnits } from '../money.ts';
import { Order } from '../orders/order.entity.ts';
import { SandboxCheckout } from './sandbox-checkout.entity.ts';

/** Never resolved: every call to it is answered in process. */
const SANDBOX_BASE_URL = 'https://payment-sandbox.invalid';
const PRODUCT_PREFIX = 'sandbox_';

/** The product a package is sold as in the sandbox (real packages carry a Creem product id instead). */
export const sandboxProductId = (packageId: string) => `${PRODUCT_PREFIX}${packageId}`;

/** Whether an order was sold through the sandbox: a test in which no money moved. */
export const isSandboxOrder = (order: Pick<Order, 'providerProductId'>) => Boolean(order.providerProductId?.startsWith(PRODUCT_PREFIX));

export const sandboxId = (prefix: 'sbx_ch' | 'sbx_ord') => `${prefix}_${randomBytes(12).toString('base64url')}`;

/** Keys derived from SECRET_KEY: the API key salts the return signature, the webhook secret signs events. */
export function sandboxKeys(secretKey: string): { apiKey: string; webhookSecret: string } {
  const derive = (label: string) => createHmac('sha256', secretKey).update(`payment-sandbox:${label}`).digest('hex');
  return { apiKey: derive('api-key'), webhookSecret: derive('webhook-secret') };
}

/** The sandbox as a Creem connection: the same client code, answered by {@link sandboxCreemApi}. */
export function sandboxConnection(em: SqlEntityManager, secretKey: string): CreemConnection {
  return { apiKey: sandboxKeys(secretKey).apiKey, environment: 'test', baseUrl: SANDBOX_BASE_URL, fetch: sandboxCreemApi(em.fork()) };
}

/** The customer id Creem would give this buyer: stable per user, reveals nothing. */
export const sandboxCustomerId = (userId: string) => `sbx_cus_${createHash('sha256').update(userId).digest('hex').slice(0, 16)}`;

/** The local checkout page of a checkout, on the origin the buyer returns to. */
export const checkoutPageUrl = (checkout: SandboxCheckout) => `${new URL(checkout.successUrl).origin}/sandbox-checkout/${checkout.id}`;

/** A checkout in Creem's wire shape (`GET /v1/checkouts`), with the paid order once approved. */
export function checkoutJson(checkout: SandboxCheckout, customerId?: string): Record<string, unknown> {
  const paid = checkout.status === 'completed' && checkout.paidOrderId;
  return {
    id: checkout.id,
    object: 'checkout',
    status: checkout.status === 'cancelled' ? 'expired' : checkout.status,
    mode: 'sandbox',
    product: checkout.productId,
    request_id: checkout.requestId,
    checkout_url: checkoutPageUrl(checkout),
    success_url: checkout.successUrl,
    metadata: {},
    ...(paid && {
      order: {
        id: checkout.paidOrderId,
        amount: checkout.amountMinor,
        currency: checkout.currency,
        status: 'paid',
        product: checkout.productId,
        type: 'onetime',
      },
      ...(customerId && { customer: customerId }),
    }),
  };
}

const creemError = (status: number, message: string) => Response.json({ status, error: 'Sandbox', message: [message] }, { status });

/** Creem's `POST /v1/checkouts` and `GET /v1/checkouts?checkout_id=` over the `sandbox_checkouts` table. */
function sandboxCreemApi(em: SqlEntityManager): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    if (url.pathname !== '/v1/checkouts') return creemError(404, 'Not found');
    if (method === 'GET') {
      const checkout = await em.findOne(SandboxCheckout, { id: url.searchParams.get('checkout_id') ?? '' });
      if (!checkout) return creemError(404, 'Checkout not found');
      return Response.json(checkoutJson(checkout, checkout.status === 'completed' ? await customerOf(em, checkout) : undefined));
    }
    const body = JSON.parse(String(init?.body ?? '{}')) as { product_id?: string; request_id?: string; success_url?: string };
    const productId = body.product_id ?? '';
    const pkg = productId.startsWith(PRODUCT_PREFIX)
      ? await em.findOne(CreditPackage, { id: productId.slice(PRODUCT_PREFIX.length) })
      : null;
    if (!pkg || !body.request_id || !body.success_url) return creemError(400, 'product_id, request_id and success_url are required');
    const checkout = em.create(SandboxCheckout, {
      id: sandboxId('sbx_ch'),
      requestId: body.request_id,
      productId,
      amountMinor: priceToMinorUnits(pkg.price),
      currency: ORDER_CURRENCY,
      successUrl: body.success_url,
      status: 'pending',
      paidOrderId: null,
    });
    await em.flush();
    return Response.json(checkoutJson(checkout));
  }) as typeof fetch;
}

async function customerOf(em: SqlEntityManager, checkout: SandboxCheckout): Promise<string | undefined> {
  const order = await em.findOne(Order, { id: checkout.requestId });
  return order ? sandboxCustomerId(order.user.id) : undefined;
}
