import { paymentRoutes } from './billing.payments.routes.ts';
import { CreditPackageList, Pricing, TransactionList, TransactionListQuery, UserStats } from './billing.ts';
import { defineRoute } from './route.ts';

export * from './billing.payments.routes.ts';

export const getCurrentPricing = defineRoute({
  method: 'get',
  path: '/api/pricing/current',
  operationId: 'getCurrentPricing',
  summary: 'Current prices and payment methods',
  description:
    'Studio costs (`nanoBananaCredits`, `nanoBananaEditCredits`) and API prices (`nanoBananaApiPrice`, `nanoBananaEditApiPrice`) from the admin settings; `nanoBananaResizeCredits` applies to both.',
  tags: ['Pricing'],
  role: 'anonymous',
  responses: { 200: { description: 'Current prices.', schema: Pricing } },
});

export const listCreditPackages = defineRoute({
  method: 'get',
  path: '/api/credit-packages',
  operationId: 'listCreditPackages',
  summary: 'Active credit packages',
  description: 'Active packages, cheapest first.',
  tags: ['Billing'],
  role: 'anonymous',
  responses: { 200: { description: 'Active packages.', schema: CreditPackageList } },
});

export const getUserStats = defineRoute({
  method: 'get',
  path: '/api/user/stats',
  operationId: 'getUserStats',
  summary: 'Balance and totals of the signed-in user',
  description: 'The three cards of the pricing page: balance, images created and credits used (less refunds), plus USD spent.',
  tags: ['Billing'],
  role: 'user',
  responses: { 200: { description: "The user's stats.", schema: UserStats } },
});

export const listTransactions = defineRoute({
  method: 'get',
  path: '/api/transactions',
  operationId: 'listTransactions',
  summary: "The signed-in user's credit history",
  description: 'Ledger entries of the caller, newest first (purchases, usage, refunds, bonuses, adjustments).',
  tags: ['Billing'],
  role: 'user',
  request: { query: TransactionListQuery },
  responses: { 200: { description: 'One page of entries.', schema: TransactionList } },
});

export const billingRoutes = [getCurrentPricing, listCreditPackages, getUserStats, listTransactions, ...paymentRoutes] as const;
