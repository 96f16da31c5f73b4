/** How a buyer can pay: `card` is Creem's hosted checkout, `paypal` PayPal's approval page. */
export type PaymentMethod = 'card' | 'paypal';

/** The enabled methods in the order they are offered (card first, the spec's preference). */
export function enabledMethods(pricing: { creemEnabled: boolean; paypalEnabled: boolean } | undefined): PaymentMethod[] {
  if (!pricing) return [];
  const methods: PaymentMethod[] = [];
  if (pricing.creemEnabled) methods.push('card');
  if (pricing.paypalEnabled) methods.push('paypal');
  return methods;
}
