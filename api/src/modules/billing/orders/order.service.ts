// Creating orders: the package decides credits and price, on the server, before any provider is called.
import type { SqlEntityManager } from '@mikro-orm/sql';
import { HttpProblem } from '../../../errors.ts';
import { CreditPackage } from '../credit-package.entity.ts';
import { ORDER_CURRENCY, priceToMinorUnits } from '../money.ts';
import { sandboxProductId } from '../sandbox/sandbox-creem.ts';
import { Order, type PaymentProvider } from './order.entity.ts';

/** 400 pointing at `packageId`: the package cannot be bought this way. */
export function packageUnavailable(detail: string): HttpProblem {
  return new HttpProblem({
    status: 400,
    code: 'package_unavailable',
    title: 'Package not available',
    detail,
    errors: [{ pointer: '/body/packageId', detail }],
  });
}

export interface NewOrder {
  userId: string;
  packageId: string;
  provider: PaymentProvider;
  /** A card order of the sandbox payment method: the package is sold as its sandbox product. */
  sandbox?: boolean;
}

/**
 * Creates a pending order for an active package, copying its name, credits and price (as minor units) and,
 * for Creem, its product id. Throws `package_unavailable` (400) for an unknown or inactive package, a Creem
 * purchase of a package without a Creem product, or a package without a positive price.
 */
export async function createPendingOrder(em: SqlEntityManager, input: NewOrder): Promise<Order> {
  const pkg = await em.findOne(CreditPackage, { id: input.packageId });
  if (!pkg?.isActive) throw packageUnavailable('This package does not exist or is no longer on sale.');
  const productId = input.sandbox ? sandboxProductId(pkg.id) : pkg.creemProductId?.trim() || null;
  if (input.provider === 'creem' && !productId) throw packageUnavailable('This package cannot be bought by card yet.');
  const amountMinor = priceToMinorUnits(pkg.price);
  if (amountMinor <= 0 || pkg.credits <= 0) throw packageUnavailable('This package has no price.');
  const order = em.create(Order, {
    user: input.userId,
    package: pkg,
    packageName: pkg.name,
    credits: pkg.credits,
    amountMinor,
    currency: ORDER_CURRENCY,
    provider: input.provider,
    status: 'pending',
    providerProductId: input.provider === 'creem' ? productId : null,
  });
  await em.flush();
  return order;
}

/** Marks an order failed outside a settlement (e.g. the provider refused to create the checkout). */
export async function failNewOrder(em: SqlEntityManager, order: Order, reason: string): Promise<void> {
  order.status = 'failed';
  order.failureReason = reason.slice(0, 1000);
  await em.flush();
}
