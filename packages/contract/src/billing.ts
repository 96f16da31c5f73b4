import { Balance, Count, Id, PageNumber, Timestamp } from './common.ts';
import { INT32, LIMITS } from './constants.ts';
import { CREATED_VIA } from './studio.ts';
import { z } from './zod.ts';

export * from './billing.payments.ts';

/**
 * Public prices. Studio costs are what a signed-in user pays per task in the web studio;
 * API prices are what the automation API (bearer token) charges per task. All are whole credits.
 */
export const Pricing = z
  .object({
    nanoBananaApiPrice: z
      .number()
      .int()
      .min(LIMITS.costMin)
      .max(LIMITS.costMax)
      .describe('API price: credits charged per text-to-image task through the automation API.')
      .openapi({ example: 4 }),
    nanoBananaEditApiPrice: z
      .number()
      .int()
      .min(LIMITS.costMin)
      .max(LIMITS.costMax)
      .describe('API price: credits charged per edit task through the automation API.')
      .openapi({ example: 6 }),
    nanoBananaResizeCredits: z
      .number()
      .int()
      .min(LIMITS.costMin)
      .max(LIMITS.costMax)
      .describe('Upscale cost: credits charged per upscale (x2, x3 or x4), in the studio and through the API.')
      .openapi({ example: 5 }),
    nanoBananaCredits: z
      .number()
      .int()
      .min(LIMITS.costMin)
      .max(LIMITS.costMax)
      .describe('Studio cost: credits charged per text-to-image task in the web studio.')
      .openapi({ example: 2 }),
    nanoBananaEditCredits: z
      .number()
      .int()
      .min(LIMITS.costMin)
      .max(LIMITS.costMax)
      .describe('Studio cost: credits charged per edit task in the web studio.')
      .openapi({ example: 3 }),
    creemEnabled: z
      .boolean()
      .describe('Whether card payment (Creem, or the sandbox payment method standing in for it) can be used.')
      .openapi({ example: true }),
    sandboxPayments: z
      .boolean()
      .describe('True outside production while no payment keys are set: the card checkout is a local test checkout and no money moves.')
      .openapi({ example: false }),
    paypalEnabled: z.boolean().describe('Whether PayPal payment is enabled and configured.').openapi({ example: false }),
  })
  .openapi('Pricing', { description: 'Current prices and which payment methods are available.' });
export type Pricing = z.infer<typeof Pricing>;

export const CreditPackage = z
  .object({
    id: Id,
    name: z.string().max(200).describe('Display name of the package.').openapi({ example: 'Starter' }),
    credits: z.number().int().min(1).max(100_000_000).describe('Credits granted on purchase.').openapi({ example: 500 }),
    price: z.number().describe('Price in USD (two decimals).').openapi({ example: 10 }),
    description: z.string().max(500).nullable().describe('Optional marketing line.').openapi({ example: 'Good for trying things out' }),
    nameVi: z.string().max(200).nullable().describe('The Vietnamese name, when the admin gave one.').openapi({ example: 'Khởi đầu' }),
    descriptionVi: z
      .string()
      .max(500)
      .nullable()
      .describe('The Vietnamese description, when the admin gave one.')
      .openapi({ example: 'Phù hợp để dùng thử' }),
    popular: z.boolean().describe('Shown with the Most Popular badge.').openapi({ example: false }),
    bonus: z
      .number()
      .int()
      .min(0)
      .max(100_000_000)
      .describe('Bonus credits included in `credits`, shown as a highlight (0 when none).')
      .openapi({ example: 0 }),
    isActive: z.boolean().describe('Inactive packages are hidden from the public list.').openapi({ example: true }),
    createdAt: Timestamp,
  })
  .openapi('CreditPackage', { description: 'A credit package users can buy.' });
export type CreditPackage = z.infer<typeof CreditPackage>;

export const CreditPackageList = z.array(CreditPackage).max(LIMITS.maxCreditPackages).openapi('CreditPackageList');

/** Kinds of ledger entries (the specification names the first three; `bonus` and `adjustment` come from accounts). */
export const LEDGER_ENTRY_TYPES = ['purchase', 'refund', 'usage', 'bonus', 'adjustment'] as const;

export const UserStats = z
  .object({
    // The same balance as the example user's (CurrentUser.credits), so a UI run on the mock agrees with itself.
    credits: Balance('Current credit balance.', 120),
    videosCreated: Count(
      'How many image tasks the user created (any status). The UI labels it Images Created; the name is kept from the original API.',
      14,
    ),
    totalSpent: z
      .number()
      .describe('USD paid for credit purchases, less refunds (paid and refunded orders only; pending and failed orders count nothing).')
      .openapi({ example: 29.99 }),
    creditsUsed: Count('Credits spent on image tasks, less the credits returned for failed ones (the Credits Used card).', 28),
  })
  .openapi('UserStats', { description: "The signed-in user's balance and totals for the pricing page." });
export type UserStats = z.infer<typeof UserStats>;

/** What a ledger entry records, for the UI to word in the reader's language (`params` hold its particulars). */
export const LEDGER_EVENT_KINDS = [
  'task_charge',
  'task_refund',
  'purchase',
  'payment_refunded',
  'payment_disputed',
  'balance_set',
  'signup_bonus',
] as const;

export const LedgerEvent = z
  .object({
    kind: z.enum(LEDGER_EVENT_KINDS).describe('What happened.').openapi({ example: 'purchase' }),
    params: z
      .record(z.string().max(40), z.union([z.string().max(255), z.number().int().min(INT32.min).max(INT32.max)]))
      .describe(
        "Its particulars: `taskKind` and `taskId` (task_charge, task_refund, with `reason` in English and its `cause`: `timed_out`, `no_provider`, `provider_lost`, `failed`, `admin` (with `admin`), or `provider` when the reason is the provider's own message), `packageName`, `credits` and `method` (`card`, `paypal`, `sandbox`) for a purchase, `from`, `to`, `admin` and `reason` for balance_set.",
      )
      .openapi({ example: { packageName: 'Popular', credits: 1200, method: 'card' } }),
  })
  .openapi('LedgerEvent', { description: 'What a ledger entry records, so a client can word it in its own language.' });
export type LedgerEvent = z.infer<typeof LedgerEvent>;

export const LedgerTransaction = z
  .object({
    id: Id,
    type: z
      .enum(LEDGER_ENTRY_TYPES)
      .describe(
        '`purchase` (credits bought), `refund` (credits returned, or taken back after a payment refund: then negative), `usage` (spent on a task), `bonus`, `adjustment` (set by an admin).',
      )
      .openapi({ example: 'purchase' }),
    amount: z
      .number()
      .int()
      .min(INT32.min)
      .max(INT32.max)
      .describe('Signed change of the balance in credits (negative for usage and clawbacks).')
      .openapi({ example: 1200 }),
    description: z
      .string()
      .max(255)
      .describe('What the entry was for, in English.')
      .openapi({ example: 'Purchased Popular (1200 credits) with card' }),
    event: LedgerEvent.nullable().describe('What the entry records, for wording it in another language; null on entries older than it.'),
    imageTaskId: Id.nullable().describe('The image task charged or refunded, for usage and refund entries.'),
    packageId: Id.nullable().describe('The credit package bought, for purchase entries.'),
    orderId: Id.nullable().describe('Our payment order, for purchase entries and payment refunds.'),
    createdVia: z
      .enum(CREATED_VIA)
      .describe('Where the change came from: the web app, the automation API or n8n.')
      .openapi({ example: 'web' }),
    createdAt: Timestamp,
  })
  .openapi('LedgerTransaction', { description: "One change of the signed-in user's credit balance." });
export type LedgerTransaction = z.infer<typeof LedgerTransaction>;

export const TransactionListQuery = z.object({
  page: PageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('Entries per page (1 to 100, default 50).').openapi({ example: 50 }),
});

export const TransactionList = z
  .object({
    data: z.array(LedgerTransaction).max(100).describe('This page of entries, newest first.'),
    total: Count('All entries of the user, for paging.', 3),
  })
  .openapi('TransactionList');
export type TransactionList = z.infer<typeof TransactionList>;
