// The admin area on the wire (spec 001 §2-§9): packages, provider accounts, users, all transactions, refunds, recovery.
import { EmailText, Password, Username, UsernameText } from './account.ts';
import { CreditPackage, LEDGER_ENTRY_TYPES, LedgerEvent } from './billing.ts';
import { Balance, Count, Id, Message, PageNumber, TaskCredits, Timestamp } from './common.ts';
import { INT32, LIMITS } from './constants.ts';
import { CREATED_VIA, GENERATION_TYPES, TaskIdText } from './studio.ts';
import { z } from './zod.ts';

export * from './admin.settings.ts';

// ---------------------------------------------------------------- credit packages

/** Digits with up to two decimals (`10`, `9.9`, `19.99`), as typed or as a number. */
export const PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

export const AdminCreditPackage = CreditPackage.extend({
  creemProductId: z
    .string()
    .max(100)
    .nullable()
    .describe('Creem product id used for card checkouts; null when not sold through Creem.')
    .openapi({ example: 'prod_6tW66i0oZM7w1qXReHJrwg' }),
}).openapi('AdminCreditPackage', { description: 'A credit package as the admin sees it (active or not).' });
export type AdminCreditPackage = z.infer<typeof AdminCreditPackage>;

export const AdminCreditPackageList = z
  .array(AdminCreditPackage)
  .max(LIMITS.maxCreditPackages)
  .openapi('AdminCreditPackageList', { description: `Every package; there are at most ${LIMITS.maxCreditPackages}.` });

const packageFields = {
  name: z
    .string({ error: 'Package name is required' })
    .trim()
    .min(1, 'Package name is required')
    .max(200, 'Package name must be at most 200 characters')
    .describe('Display name.')
    .openapi({ example: 'Starter' }),
  credits: z
    .number({ error: 'Credits must be positive' })
    .int('Credits must be a whole number')
    .min(1, 'Credits must be positive')
    .max(100_000_000, 'Credits must be at most 100000000')
    .describe('Credits granted on purchase (at least 1).')
    .openapi({ example: 500 }),
  price: z
    .union([z.number(), z.string().max(32, 'Price must be valid')], { error: 'Price must be valid' })
    .transform((value) => String(value).trim())
    .refine((value) => PRICE_PATTERN.test(value) && Number(value) > 0, 'Price must be valid')
    .describe('Price in USD: digits with up to two decimals, more than 0 (a number or a string such as "9.99").')
    .openapi({ example: '9.99' }),
  creemProductId: z
    .union([z.string().trim().max(100, 'Product ID must be at most 100 characters'), z.null()])
    .optional()
    .describe('Creem product id; optional (empty or null means none).')
    .openapi({ example: 'prod_6tW66i0oZM7w1qXReHJrwg' }),
  isActive: z.boolean().describe('Shown in the public list and on sale.').openapi({ example: true }),
  description: z
    .union([z.string().trim().max(500, 'Description must be at most 500 characters'), z.null()])
    .optional()
    .describe('Optional marketing line (empty or null means none).')
    .openapi({ example: 'Good for trying things out' }),
  nameVi: z
    .union([z.string().trim().max(200, 'Vietnamese name must be at most 200 characters'), z.null()])
    .optional()
    .describe('The name shown to Vietnamese readers; empty or null means they see `name`.')
    .openapi({ example: 'Khởi đầu' }),
  descriptionVi: z
    .union([z.string().trim().max(500, 'Vietnamese description must be at most 500 characters'), z.null()])
    .optional()
    .describe('The description shown to Vietnamese readers; empty or null means they see `description`.')
    .openapi({ example: 'Phù hợp để dùng thử' }),
  popular: z.boolean().describe('Show the Most Popular badge.').openapi({ example: false }),
  bonus: z
    .number({ error: 'Bonus must be a whole number of at least 0' })
    .int('Bonus must be a whole number of at least 0')
    .min(0, 'Bonus must be a whole number of at least 0')
    .max(100_000_000, 'Bonus must be at most 100000000')
    .describe('Bonus credits included in `credits`, shown as a highlight.')
    .openapi({ example: 0 }),
};

const bonusWithinCredits = (value: { credits?: number; bonus?: number }) =>
  value.bonus === undefined || value.credits === undefined || value.bonus <= value.credits;
const bonusIssue = { message: 'Bonus cannot exceed credits', path: ['bonus'] };

export const CreditPackageCreate = z
  .object({
    ...packageFields,
    isActive: packageFields.isActive.default(true),
    popular: packageFields.popular.default(false),
    bonus: packageFields.bonus.default(0),
  })
  .refine(bonusWithinCredits, bonusIssue)
  .openapi('CreditPackageCreate', { description: 'A new package. `isActive` defaults to true, `popular` to false, `bonus` to 0.' });
export type CreditPackageCreate = z.infer<typeof CreditPackageCreate>;

export const CreditPackageUpdate = z
  .object({
    name: packageFields.name.optional(),
    credits: packageFields.credits.optional(),
    price: packageFields.price.optional(),
    creemProductId: packageFields.creemProductId,
    isActive: packageFields.isActive.optional(),
    description: packageFields.description,
    nameVi: packageFields.nameVi,
    descriptionVi: packageFields.descriptionVi,
    popular: packageFields.popular.optional(),
    bonus: packageFields.bonus.optional(),
  })
  .refine(bonusWithinCredits, bonusIssue)
  .openapi('CreditPackageUpdate', {
    description: 'Changes to a package; fields left out keep their value. The same messages as on create.',
  });
export type CreditPackageUpdate = z.infer<typeof CreditPackageUpdate>;

export const CreditPackageDeleted = z
  .object({
    message: Message('Package deleted'),
    deactivated: z
      .boolean()
      .describe('True when orders or ledger entries refer to the package: it was deactivated (hidden, not for sale) instead of deleted.')
      .openapi({ example: false }),
  })
  .openapi('CreditPackageDeleted');
export type CreditPackageDeleted = z.infer<typeof CreditPackageDeleted>;

// ---------------------------------------------------------------- provider accounts (KIE)

export const KIE_API_STATUSES = ['available', 'low_credits'] as const;

export const KieApiAccount = z
  .object({
    id: Id,
    name: z.string().max(100).describe('Name of the account.').openapi({ example: 'KIE main' }),
    tokenHint: z
      .string()
      .max(16)
      .describe('The token is write-only: `••••` and its last 4 characters (only `••••` for short tokens).')
      .openapi({ example: '••••9f3c' }),
    totalCredits: z
      .number()
      .int()
      .min(INT32.min)
      .max(INT32.max)
      .describe('KIE credits we believe the account has left (booked per task, so it can go below 0; refresh reads the real balance).')
      .openapi({ example: 1000 }),
    nanoBananaCredits: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .describe('KIE credits one text-to-image costs on this account.')
      .openapi({ example: 500 }),
    nanoBananaEditCredits: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .describe('KIE credits one edit costs on this account.')
      .openapi({ example: 300 }),
    isEnabled: z.boolean().describe('Enabled accounts take part in the round-robin rotation.').openapi({ example: true }),
    status: z
      .enum(KIE_API_STATUSES)
      .describe(`\`available\` when totalCredits is at least ${LIMITS.lowProviderCredits}, else \`low_credits\`.`)
      .openapi({ example: 'available' }),
    lastUsed: Timestamp.nullable().describe('When a task was last submitted with this account.'),
    totalUsage: z.number().int().min(0).max(INT32.max).describe('KIE credits booked on this account so far.').openapi({ example: 1500 }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('KieApiAccount', { description: 'An upstream KIE account. Its token is never answered.' });
export type KieApiAccount = z.infer<typeof KieApiAccount>;

export const KieApiAccountList = z
  .array(KieApiAccount)
  .max(LIMITS.maxKieAccounts)
  .openapi('KieApiAccountList', { description: `Every account; there are at most ${LIMITS.maxKieAccounts}.` });

const kieFields = {
  name: z
    .string({ error: 'API name is required' })
    .trim()
    .min(1, 'API name is required')
    .max(100, 'API name must be at most 100 characters')
    .describe('Name of the account.')
    .openapi({ example: 'KIE main' }),
  token: z
    .string({ error: 'API token is required' })
    .trim()
    .min(1, 'API token is required')
    .max(500, 'API token must be at most 500 characters')
    .describe('The KIE API key (write-only; stored encrypted).')
    .openapi({ example: 'kie_0123456789abcdef9f3c' }),
  totalCredits: z
    .number({ error: 'Total credits must be a whole number of at least 0' })
    .int('Total credits must be a whole number of at least 0')
    .min(0, 'Total credits must be a whole number of at least 0')
    .max(1_000_000_000, 'Total credits must be at most 1000000000')
    .describe('KIE credits the account has (default 1000).')
    .openapi({ example: 1000 }),
  nanoBananaCredits: z
    .number({ error: 'Credits per image must be a whole number of at least 1' })
    .int('Credits per image must be a whole number of at least 1')
    .min(1, 'Credits per image must be a whole number of at least 1')
    .max(1_000_000, 'Credits per image must be at most 1000000')
    .describe('KIE credits per text-to-image task (default 500).')
    .openapi({ example: 500 }),
  nanoBananaEditCredits: z
    .number({ error: 'Credits per image must be a whole number of at least 1' })
    .int('Credits per image must be a whole number of at least 1')
    .min(1, 'Credits per image must be a whole number of at least 1')
    .max(1_000_000, 'Credits per image must be at most 1000000')
    .describe('KIE credits per edit task (default 300).')
    .openapi({ example: 300 }),
  isEnabled: z.boolean().describe('Take part in the round-robin rotation (default true).').openapi({ example: true }),
};

export const KieApiCreate = z
  .object({
    name: kieFields.name,
    token: kieFields.token,
    totalCredits: kieFields.totalCredits.default(1000),
    nanoBananaCredits: kieFields.nanoBananaCredits.default(500),
    nanoBananaEditCredits: kieFields.nanoBananaEditCredits.default(300),
    isEnabled: kieFields.isEnabled.default(true),
  })
  .openapi('KieApiCreate', { description: 'A new KIE account. A token that is already added answers 409 (`/body/token`).' });
export type KieApiCreate = z.infer<typeof KieApiCreate>;

export const KieApiUpdate = z
  .object({
    name: kieFields.name.optional(),
    token: z
      .string()
      .trim()
      .max(500, 'API token must be at most 500 characters')
      .optional()
      .describe('A new KIE API key; omit it or send an empty string to keep the stored one.')
      .openapi({ example: '' }),
    totalCredits: kieFields.totalCredits.optional(),
    nanoBananaCredits: kieFields.nanoBananaCredits.optional(),
    nanoBananaEditCredits: kieFields.nanoBananaEditCredits.optional(),
    isEnabled: kieFields.isEnabled.optional(),
  })
  .openapi('KieApiUpdate', { description: 'Changes to a KIE account; fields left out keep their value.' });
export type KieApiUpdate = z.infer<typeof KieApiUpdate>;

// ---------------------------------------------------------------- users

export const AdminUser = z
  .object({
    id: Id,
    username: UsernameText.describe('Unique username.'),
    email: EmailText.nullable().describe('Email address, if any.'),
    credits: Balance('Current credit balance.', 120),
    isAdmin: z.boolean().describe('Can use the admin area.').openapi({ example: false }),
    isActive: z.boolean().describe('Can sign in and use the platform.').openapi({ example: true }),
    googleLinked: z.boolean().describe('A Google account is linked for sign-in.').openapi({ example: false }),
    imageCount: Count('Image tasks the user created (any status).', 14),
    createdAt: Timestamp,
    lastLoginAt: Timestamp.nullable().describe('Last sign-in, if any.'),
  })
  .openapi('AdminUser', { description: 'A user as the admin list shows it. Never includes the password hash.' });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Only users whose username or email contains this text (any letter case).')
    .openapi({ example: 'ann' }),
  email: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Only users whose email contains this text (any letter case).')
    .openapi({ example: 'example.com' }),
  page: PageNumber.describe(`1-based page, used with \`limit\` (at most ${LIMITS.pageMax}).`),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe(
      `Users per page (1 to 100). Omitted: every matching user, up to the newest ${LIMITS.maxUnpagedUsers} (the dashboard pages 10 per page itself).`,
    )
    .openapi({ example: 10 }),
});

export const AdminUserList = z
  .object({
    data: z
      .array(AdminUser)
      .max(LIMITS.maxUnpagedUsers)
      .describe(`Matching users, newest first: one page, or without \`limit\` the newest ${LIMITS.maxUnpagedUsers}.`),
    total: Count('How many users match the filter.', 42),
  })
  .openapi('AdminUserList');
export type AdminUserList = z.infer<typeof AdminUserList>;

const adminEmail = z
  .union([z.literal(''), z.email('Invalid email address').max(200, 'Email must be at most 200 characters'), z.null()])
  .optional()
  .describe('Email address; empty or null means none.')
  .openapi({ example: 'alice@example.com' });

const creditsField = z
  .number({ error: 'Credits must be a whole number of at least 0' })
  .int('Credits must be a whole number of at least 0')
  .min(0, 'Credits must be a whole number of at least 0')
  .max(1_000_000_000, 'Credits must be at most 1000000000');

export const AdminUserCreate = z
  .object({
    username: Username,
    email: adminEmail,
    password: Password.describe('Initial password, at least 6 characters (required).'),
    credits: creditsField
      .default(0)
      .describe('Starting balance; written to the ledger (start credits, then an adjustment to this amount).')
      .openapi({ example: 100 }),
    isActive: z.boolean().default(true).describe('User can log in and use the platform.').openapi({ example: true }),
    isAdmin: z.boolean().default(false).describe('User can access the admin panel.').openapi({ example: false }),
  })
  .openapi('AdminUserCreate');
export type AdminUserCreate = z.infer<typeof AdminUserCreate>;

export const AdminUserUpdate = z
  .object({
    username: Username.optional(),
    email: adminEmail,
    password: z
      .union([z.literal(''), Password])
      .optional()
      .describe("A new password (ends the user's sessions); omit or leave empty to keep it.")
      .openapi({ example: '' }),
    credits: creditsField
      .optional()
      .describe('New balance; the difference is written to the ledger as an `adjustment`.')
      .openapi({ example: 100 }),
    isActive: z
      .boolean()
      .optional()
      .describe('User can log in; false also ends their sessions. You cannot disable yourself.')
      .openapi({ example: true }),
    isAdmin: z
      .boolean()
      .optional()
      .describe('User can access the admin panel. You cannot remove your own admin rights.')
      .openapi({ example: false }),
  })
  .openapi('AdminUserUpdate', { description: 'Changes to a user; fields left out keep their value.' });
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

export const UserIdParams = z.object({ userId: Id }).openapi('UserIdParams');

export const AdminUserToggle = z
  .object({
    isActive: z
      .boolean()
      .optional()
      .describe("The new state; omitted flips the current one. Disabling ends the user's sessions; you cannot disable yourself.")
      .openapi({ example: false }),
  })
  .openapi('AdminUserToggle');

/**
 * A credits entry: a number as it is, or text of digits only (`"250"`). Anything else (`"10abc"`, `"1e3"`, `""`) is
 * not a whole number and is refused rather than read as 0: a typo must never wipe a balance.
 */
export function creditsFromInput(value: number | string): number {
  if (typeof value === 'number') return value;
  return /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : Number.NaN;
}

export const AdminCreditsUpdate = z
  .object({
    credits: z
      .union([z.number(), z.string().max(30)], { error: 'Credits must be a whole number of at least 0' })
      .transform(creditsFromInput)
      .pipe(creditsField)
      .describe(
        'The new balance, a whole number of at least 0: a number, or text of digits only. Anything else (`10abc`, empty, `null`) is refused with 400 at `/body/credits`, and nothing changes.',
      )
      .openapi({ example: 250, type: ['number', 'string'], maxLength: 30 }),
    reason: z
      .string()
      .trim()
      .max(120, 'Reason must be at most 120 characters')
      .optional()
      .describe("Optional: why, kept in the ledger entry's description.")
      .openapi({ example: 'Goodwill for the outage on 3 May' }),
  })
  .openapi('AdminCreditsUpdate', {
    description: 'Sets a balance; the signed difference is written to the ledger as one `adjustment` entry, with the reason if given.',
  });

export const AdminUserDeleted = z.object({ message: Message('User deleted') }).openapi('AdminUserDeleted');
export type AdminUserDeleted = z.infer<typeof AdminUserDeleted>;

// ---------------------------------------------------------------- all transactions

export const AdminTransactionListQuery = z.object({
  page: PageNumber,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .describe('Entries per page (1 to 100; the history page uses 20, the dashboard 25).')
    .openapi({ example: 20 }),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Only entries whose username, email or description contains this text (any letter case).')
    .openapi({ example: 'alice' }),
});

export const AdminTransaction = z
  .object({
    id: Id,
    userId: Id.describe('Whose balance changed.'),
    username: UsernameText.describe('Username of the user.'),
    email: EmailText.nullable().describe('Email of the user, if any.'),
    type: z.enum(LEDGER_ENTRY_TYPES).describe('`purchase`, `refund`, `usage`, `bonus` or `adjustment`.').openapi({ example: 'usage' }),
    amount: z.number().int().min(INT32.min).max(INT32.max).describe('Signed change of the balance in credits.').openapi({ example: -2 }),
    balanceAfter: Balance('The balance right after this entry.', 118),
    description: z.string().max(255).describe('What the entry was for, in English.').openapi({ example: 'Text to image' }),
    event: LedgerEvent.nullable().describe(
      "What the entry records, for wording it in the reader's language; null on entries older than it.",
    ),
    imageTaskId: Id.nullable().describe('The image task charged or refunded, if any.'),
    kieTaskId: z
      .string()
      .max(200)
      .nullable()
      .describe("The provider's task id of that task, if any.")
      .openapi({ example: 'ee603959debb48d08a3b4e7b2d4cf2b0' }),
    packageId: Id.nullable().describe('The credit package bought, for purchases.'),
    orderId: Id.nullable().describe('Our payment order, for purchases and payment refunds.'),
    createdVia: z.enum(CREATED_VIA).describe('Where the change came from.').openapi({ example: 'web' }),
    createdAt: Timestamp,
  })
  .openapi('AdminTransaction', { description: 'One ledger entry of any user.' });
export type AdminTransaction = z.infer<typeof AdminTransaction>;

export const AdminTransactionList = z
  .object({
    data: z.array(AdminTransaction).max(100).describe('This page of entries, newest first.'),
    total: Count('All matching entries, for paging.', 240),
  })
  .openapi('AdminTransactionList');
export type AdminTransactionList = z.infer<typeof AdminTransactionList>;

// ---------------------------------------------------------------- refunds and recovery

export const TaskIdParams = z
  .object({
    taskId: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .describe("Our public task id (`tsk_...`) or the task's uuid.")
      .openapi({ example: 'tsk_5f1c2a7e9b' }),
  })
  .openapi('TaskIdParams');

export const RefundResult = z
  .object({
    amount: TaskCredits('Credits returned by this call; 0 when the task was already refunded (a refund happens once per task).', 2),
    message: Message('Refunded 2 credits to alice'),
  })
  .openapi('RefundResult');
export type RefundResult = z.infer<typeof RefundResult>;

export const FailedTaskListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(50)
    .describe('At most this many of the newest failed tasks (1 to 100).')
    .openapi({ example: 50 }),
});

export const FailedTask = z
  .object({
    id: Id.describe("The task's uuid."),
    taskId: TaskIdText.describe('Our public task id, for the refund call.'),
    userId: Id.describe('Whose task it is.'),
    username: UsernameText.describe('Username of the owner.'),
    generationType: z.enum(GENERATION_TYPES).describe('What kind of task.').openapi({ example: 'text_to_image' }),
    errorMessage: z
      .string()
      .max(LIMITS.taskErrorMax)
      .nullable()
      .describe('Why the task failed, if known.')
      .openapi({ example: 'Provider timed out' }),
    creditsUsed: TaskCredits('Credits the task was charged (0: free, nothing to refund).', 2),
    refunded: z.boolean().describe('Its credits went back to the owner (a refund happens once per task).').openapi({ example: false }),
    refundedAt: Timestamp.nullable().describe('When it was refunded, if it was.'),
    createdAt: Timestamp,
  })
  .openapi('FailedTask', { description: 'A failed task as Image Recovery lists it.' });
export type FailedTask = z.infer<typeof FailedTask>;

export const FailedTaskList = z
  .object({
    data: z.array(FailedTask).max(100).describe('The newest failed tasks, newest first.'),
    total: Count('Every failed task there is.', 12),
  })
  .openapi('FailedTaskList');
export type FailedTaskList = z.infer<typeof FailedTaskList>;

export const RecheckResult = z
  .object({
    message: Message('Checked 3 failed tasks, recovered 1', 'Summary for the toast.'),
    checked: Count('Failed tasks of the last 24 hours that were asked about again.', 3),
    recovered: Count('Tasks that had in fact finished and are now completed with their images.', 1),
  })
  .openapi('RecheckResult');
export type RecheckResult = z.infer<typeof RecheckResult>;

export const DeleteFailedResult = z
  .object({
    message: Message('Deleted 4 failed tasks', 'Summary for the toast.'),
    deleted: Count('Failed tasks deleted, with their stored files.', 4),
  })
  .openapi('DeleteFailedResult');
export type DeleteFailedResult = z.infer<typeof DeleteFailedResult>;

export const TelegramTestResult = z.object({ message: Message('Test message sent to Telegram') }).openapi('TelegramTestResult');
export type TelegramTestResult = z.infer<typeof TelegramTestResult>;
