/** The parameters Creem puts on the success URL (provider docs); the signature covers them in URL order. */
const CREEM_PARAMS = new Set(['checkout_id', 'order_id', 'customer_id', 'subscription_id', 'product_id', 'request_id', 'signature']);

/**
 * The Creem return parameters in the order they appear in `search`, or null unless both `checkout_id` and
 * `order_id` are present (the spec's condition for the success banner). Other parameters are left out.
 */
export function readCreemReturn(search: string): Record<string, string> | null {
  const params = new URLSearchParams(search);
  if (!params.get('checkout_id') || !params.get('order_id')) return null;
  const query: Record<string, string> = {};
  for (const [key, value] of params) if (CREEM_PARAMS.has(key) && !(key in query)) query[key] = value;
  return query;
}
