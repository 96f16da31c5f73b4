// Starting a payment: ask our API for the provider page the buyer must visit. Plain requests, not the mutation hook:
// their failures get the spec's own payment toasts (paymentToasts.ts), and a capture is shared per order.
import { request } from '@app/api-client';

export interface PayablePackage {
  id: string;
  name: string;
  credits: number;
  price: number;
}

const PAYPAL_PENDING_KEY = 'billing.paypal.pending';

/** The intent's `Idempotency-Key` header: a repeat of one purchase replays its checkout instead of opening another. */
const keyed = (key: string) => ({ header: { 'idempotency-key': key } });

/**
 * Creates a Creem checkout and answers its hosted page ('' when the server sent none).
 * The server takes price and credits from the package; the other fields are sent as the spec lists them.
 */
export async function createCardCheckout(pkg: PayablePackage, key: string): Promise<string> {
  const body = { packageId: pkg.id, amount: pkg.price, currency: 'USD', credits: pkg.credits, packageName: pkg.name };
  const { checkoutUrl } = await request('post', '/api/creem/checkout', { params: keyed(key), body });
  return checkoutUrl;
}

/**
 * Creates a PayPal order and answers its approval page ('' when PayPal sent none). No PayPal script is
 * loaded: PayPal sends the buyer back to /pricing?payment=paypal_return&token=<id>, where the capture runs.
 */
export async function createPayPalApproval(pkg: PayablePackage, key: string): Promise<string> {
  const body = { packageId: pkg.id, amount: pkg.price.toFixed(2), currency: 'USD', intent: 'CAPTURE' };
  const order = await request('post', '/paypal/order', { params: keyed(key), body });
  rememberPayPalOrder(order.id, pkg.id);
  return order.approveUrl ?? '';
}

/** Keeps the package of the order until PayPal returns, so the capture can name it as the spec's call does. */
function rememberPayPalOrder(token: string, packageId: string): void {
  try {
    sessionStorage.setItem(PAYPAL_PENDING_KEY, JSON.stringify({ token, packageId }));
  } catch {
    // Storage can be unavailable (private mode); the server knows the package anyway.
  }
}

function forgetPayPalOrder(): void {
  try {
    sessionStorage.removeItem(PAYPAL_PENDING_KEY);
  } catch {
    // Nothing was stored then.
  }
}

function rememberedPackage(token: string): string | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PAYPAL_PENDING_KEY) ?? 'null') as { token?: string; packageId?: string } | null;
    return saved?.token === token ? saved.packageId : undefined;
  } catch {
    return undefined;
  }
}

// One capture per PayPal order per page load, even when React runs an effect twice.
const captures = new Map<string, ReturnType<typeof capture>>();

async function capture(token: string) {
  const packageId = rememberedPackage(token);
  const result = await request('post', '/paypal/order/{orderId}/capture', {
    params: { path: { orderId: token } },
    body: packageId ? { packageId } : {},
  });
  forgetPayPalOrder();
  return result;
}

/** Captures the approved PayPal order `token` (PayPal's order id) and answers our order after it. */
export function capturePayPalOrder(token: string) {
  let pending = captures.get(token);
  if (!pending) {
    pending = capture(token);
    captures.set(token, pending);
  }
  return pending;
}
