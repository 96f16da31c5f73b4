// Admin settings on the wire (spec 001 §3 admin_settings, §5, §9). Secrets are write-only: the answer says
// whether each one is set and shows its last 4 characters at most; an update keeps a secret it does not mention.
import { Timestamp } from './common.ts';
import { LIMITS, SETTINGS_DEFAULTS } from './constants.ts';
import { z } from './zod.ts';

/** The settings that are secrets: stored encrypted, never answered in full. */
export const SETTINGS_SECRETS = [
  'kieToken',
  'creemApiKey',
  'creemWebhookSecret',
  'paypalClientSecret',
  'googleClientSecret',
  'telegramBotToken',
] as const;
export type SettingsSecret = (typeof SETTINGS_SECRETS)[number];

export const PAYPAL_ENVIRONMENTS = ['sandbox', 'production'] as const;
export const CREEM_ENVIRONMENTS = ['test', 'prod'] as const;

/** `'••••abcd'` for a long secret; `'••••'` when the secret is too short to show any of it. */
export const SecretHint = z
  .string()
  .max(16)
  .nullable()
  .describe('The last 4 characters of the stored secret after `••••` (only `••••` for secrets under 12 characters); null when not set.')
  .openapi({ example: '••••a1b2' });

const secretSet = (what: string) => z.boolean().describe(`Whether ${what} is stored.`).openapi({ example: true });

/** A write-only secret in an update: absent or blank keeps the stored value, `null` removes it, text replaces it. */
const secretInput = (what: string, example: string) =>
  z
    .union([z.string().max(2000, 'Must be at most 2000 characters'), z.null()])
    .optional()
    .describe(
      `${what}. Write-only: omit it or send an empty string to keep the stored value, \`null\` to remove it, any other text to replace it.`,
    )
    .openapi({ example });

const costInt = (what: string, example: number) =>
  z
    .number({ error: 'Must be a whole number from 1 to 1000' })
    .int('Must be a whole number from 1 to 1000')
    .min(LIMITS.costMin, 'Must be a whole number from 1 to 1000')
    .max(LIMITS.costMax, 'Must be a whole number from 1 to 1000')
    .describe(`${what} (whole credits, 1 to 1000).`)
    .openapi({ example });

/** Optional plain text: `null` or blank clears it. */
const optionalText = (what: string, example: string, max = 500) =>
  z
    .union([z.string().trim().max(max, `Must be at most ${max} characters`), z.null()])
    .optional()
    .describe(`${what}. Omit to keep; \`null\` or an empty string clears it.`)
    .openapi({ example });

/** Optional http(s) address: `null` or blank clears it. */
const optionalUrl = (what: string, example: string) =>
  z
    .union([
      z.literal(''),
      z.url({ protocol: /^https?$/, error: 'Must be a valid http(s) address' }).max(2048, 'Must be at most 2048 characters'),
      z.null(),
    ])
    .optional()
    .describe(`${what}. Omit to keep; \`null\` or an empty string clears it.`)
    .openapi({ example });

/** A Telegram chat: a numeric id (groups are negative) or `@channelusername`. */
export const TELEGRAM_CHAT_ID_PATTERN = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;
/** The longest text the pattern accepts. */
const TELEGRAM_CHAT_ID_MAX = 33;
const TELEGRAM_CHAT_ID_MESSAGE = 'Must be a numeric chat id or @channelusername';

const telegramChatId = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(TELEGRAM_CHAT_ID_MAX, { message: TELEGRAM_CHAT_ID_MESSAGE, abort: true })
      .regex(TELEGRAM_CHAT_ID_PATTERN, TELEGRAM_CHAT_ID_MESSAGE),
    z.null(),
  ])
  .optional()
  .describe(
    'Chat the bot writes to: a numeric id (groups are negative) or `@channelusername`. Omit to keep; `null` or an empty string clears it.',
  )
  .openapi({ example: '-1001234567890' });

export const AdminSettings = z
  .object({
    kieTokenSet: secretSet('a fallback KIE token'),
    kieTokenHint: SecretHint,
    paypalClientId: z.string().max(500).nullable().describe('PayPal REST client id (not secret).').openapi({ example: 'AbCdEf123' }),
    paypalClientSecretSet: secretSet('the PayPal client secret'),
    paypalClientSecretHint: SecretHint,
    paypalEnvironment: z.enum(PAYPAL_ENVIRONMENTS).describe('PayPal host: sandbox or production.').openapi({ example: 'sandbox' }),
    paypalEnabled: z.boolean().describe('Offer PayPal at checkout (also needs client id and secret).').openapi({ example: false }),
    creemApiKeySet: secretSet('the Creem API key'),
    creemApiKeyHint: SecretHint,
    creemEnvironment: z.enum(CREEM_ENVIRONMENTS).describe('Creem host: test or prod.').openapi({ example: 'test' }),
    creemWebhookSecretSet: secretSet('the Creem webhook signing secret'),
    creemWebhookSecretHint: SecretHint,
    creemEnabled: z
      .boolean()
      .describe('Offer card payment through Creem (also needs API key and webhook secret).')
      .openapi({ example: true }),
    googleClientId: z
      .string()
      .max(500)
      .nullable()
      .describe('Google OAuth client id (not secret).')
      .openapi({ example: '1234.apps.googleusercontent.com' }),
    googleClientSecretSet: secretSet('the Google OAuth client secret'),
    googleClientSecretHint: SecretHint,
    googleRedirectUri: z
      .string()
      .max(LIMITS.urlMax)
      .nullable()
      .describe("Google redirect address registered with Google; null uses this server's callback.")
      .openapi({ example: 'https://studio.example.com/api/auth/google/callback' }),
    googleAuthEnabled: z.boolean().describe('Offer Google sign-in.').openapi({ example: false }),
    nanoBananaCredits: z
      .number()
      .int()
      .min(LIMITS.costMin)
      .max(LIMITS.costMax)
      .describe('Studio cost of one text-to-image task, in credits.')
      .openapi({ example: SETTINGS_DEFAULTS.nanoBananaCredits }),
    nanoBananaEditCredits: z
      .number()
      .int()
      .min(LIMITS.costMin)
      .max(LIMITS.costMax)
      .describe('Studio cost of one edit task, in credits.')
      .openapi({ example: SETTINGS_DEFAULTS.nanoBananaEditCredits }),
    nanoBananaResizeCredits: z
      .number()
      .int()
      .min(LIMITS.costMin)
      .max(LIMITS.costMax)
      .describe('Cost of one upscale, in credits (studio and API).')
      .openapi({ example: SETTINGS_DEFAULTS.nanoBananaResizeCredits }),
    nanoBananaApiPrice: z
      .number()
      .int()
      .min(LIMITS.costMin)
      .max(LIMITS.costMax)
      .describe('Automation API price of one text-to-image task, in credits.')
      .openapi({ example: SETTINGS_DEFAULTS.nanoBananaApiPrice }),
    nanoBananaEditApiPrice: z
      .number()
      .int()
      .min(LIMITS.costMin)
      .max(LIMITS.costMax)
      .describe('Automation API price of one edit task, in credits.')
      .openapi({ example: SETTINGS_DEFAULTS.nanoBananaEditApiPrice }),
    startCredits: z
      .number()
      .int()
      .min(0)
      .max(LIMITS.startCreditsMax)
      .describe('Credits every new account starts with.')
      .openapi({ example: SETTINGS_DEFAULTS.startCredits }),
    telegramBotTokenSet: secretSet('the Telegram bot token'),
    telegramBotTokenHint: SecretHint,
    telegramChatId: z
      .string()
      .max(TELEGRAM_CHAT_ID_MAX)
      .nullable()
      .describe('Telegram chat that receives operator notifications.')
      .openapi({ example: '-1001234567890' }),
    callbackUrl: z
      .string()
      .max(LIMITS.urlMax)
      .nullable()
      .describe('Public base address KIE calls back on; null uses PUBLIC_URL.')
      .openapi({ example: 'https://studio.example.com' }),
    updatedAt: Timestamp.describe('When the settings last changed.'),
  })
  .openapi('AdminSettings', { description: 'All admin settings. Secrets appear only as `<name>Set` and `<name>Hint`, never in full.' });
export type AdminSettings = z.infer<typeof AdminSettings>;

/** Read-only fields of `AdminSettings` a client may send back as it read them (saving the object it got): ignored. */
const SENT_BACK = {
  kieTokenSet: true,
  kieTokenHint: true,
  paypalClientSecretSet: true,
  paypalClientSecretHint: true,
  creemApiKeySet: true,
  creemApiKeyHint: true,
  creemWebhookSecretSet: true,
  creemWebhookSecretHint: true,
  googleClientSecretSet: true,
  googleClientSecretHint: true,
  telegramBotTokenSet: true,
  telegramBotTokenHint: true,
  updatedAt: true,
} as const;
const sentBack = AdminSettings.pick(SENT_BACK).partial().shape;

export const AdminSettingsUpdate = z
  .object({
    kieToken: secretInput('Fallback KIE token, used when no provider account is configured', 'kie_live_0123456789abcdef'),
    paypalClientId: optionalText('PayPal REST client id', 'AbCdEf123'),
    paypalClientSecret: secretInput('PayPal REST client secret', 'EFg-paypal-secret-value'),
    paypalEnvironment: z
      .enum(PAYPAL_ENVIRONMENTS, 'Must be sandbox or production')
      .optional()
      .describe('PayPal host: sandbox or production.')
      .openapi({ example: 'sandbox' }),
    paypalEnabled: z.boolean().optional().describe('Offer PayPal at checkout.').openapi({ example: false }),
    creemApiKey: secretInput('Creem API key', 'creem_test_0123456789'),
    creemEnvironment: z
      .enum(CREEM_ENVIRONMENTS, 'Must be test or prod')
      .optional()
      .describe('Creem host: test or prod.')
      .openapi({ example: 'test' }),
    creemWebhookSecret: secretInput('Creem webhook signing secret', 'whsec_0123456789'),
    creemEnabled: z.boolean().optional().describe('Offer card payment through Creem.').openapi({ example: true }),
    googleClientId: optionalText('Google OAuth client id', '1234.apps.googleusercontent.com'),
    googleClientSecret: secretInput('Google OAuth client secret', 'GOCSPX-0123456789'),
    googleRedirectUri: optionalUrl('Google redirect address', 'https://studio.example.com/api/auth/google/callback'),
    googleAuthEnabled: z.boolean().optional().describe('Offer Google sign-in.').openapi({ example: false }),
    nanoBananaCredits: costInt('Studio cost of one text-to-image task', 2).optional(),
    nanoBananaEditCredits: costInt('Studio cost of one edit task', 3).optional(),
    nanoBananaResizeCredits: costInt('Cost of one upscale', 5).optional(),
    nanoBananaApiPrice: costInt('Automation API price of one text-to-image task', 4).optional(),
    nanoBananaEditApiPrice: costInt('Automation API price of one edit task', 6).optional(),
    startCredits: z
      .number({ error: 'Must be a whole number from 0 to 1000' })
      .int('Must be a whole number from 0 to 1000')
      .min(0, 'Must be a whole number from 0 to 1000')
      .max(LIMITS.startCreditsMax, 'Must be a whole number from 0 to 1000')
      .optional()
      .describe('Credits every new account starts with (0 to 1000).')
      .openapi({ example: 0 }),
    telegramBotToken: secretInput('Telegram bot token', '123456:ABC-telegram-bot-token'),
    telegramChatId,
    callbackUrl: optionalUrl('Public base address KIE calls back on', 'https://studio.example.com'),
    ...sentBack,
  })
  .openapi('AdminSettingsUpdate', {
    description:
      'A partial update: fields left out keep their value. Read-only fields of `AdminSettings` (`<name>Set`, `<name>Hint`, `updatedAt`) may be sent back and are ignored. Secrets are write-only (see each field).',
  });
export type AdminSettingsUpdate = z.infer<typeof AdminSettingsUpdate>;

export const TelegramSettingsUpdate = z
  .object({
    telegramBotToken: secretInput('Telegram bot token', '123456:ABC-telegram-bot-token'),
    telegramChatId,
    telegramBotTokenSet: sentBack.telegramBotTokenSet,
    telegramBotTokenHint: sentBack.telegramBotTokenHint,
    updatedAt: sentBack.updatedAt,
  })
  .openapi('TelegramSettingsUpdate', {
    description:
      'Only the Telegram bot settings; the same rules as `AdminSettingsUpdate` (`telegramBotTokenSet`, `telegramBotTokenHint` and `updatedAt` may be sent back and are ignored).',
  });
export type TelegramSettingsUpdate = z.infer<typeof TelegramSettingsUpdate>;
