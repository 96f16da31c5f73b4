// The single row of admin settings (spec 001 §3). Defaults live in the contract's SETTINGS_DEFAULTS.
// Secrets use `EncryptedText`: encrypted in the database, plaintext on the entity (crypto/secret-box.ts).
import { SETTINGS_DEFAULTS } from '@app/contract';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { EncryptedText } from '../../crypto/encrypted-text.type.ts';

/** The only id the settings row may have; a check constraint keeps the table to one row. */
export const SETTINGS_ROW_ID = 1;

export const AdminSettings = defineEntity({
  name: 'AdminSettings',
  tableName: 'admin_settings',
  properties: {
    id: p.integer().primary().autoincrement(false).default(SETTINGS_ROW_ID).check(`id = ${SETTINGS_ROW_ID}`),
    // Upstream image provider (KIE) token used when no provider accounts are configured.
    kieToken: p.type(EncryptedText).nullable(),
    paypalClientId: p.text().nullable(),
    paypalClientSecret: p.type(EncryptedText).nullable(),
    paypalEnvironment: p.enum(['sandbox', 'production']).default(SETTINGS_DEFAULTS.paypalEnvironment),
    creemApiKey: p.type(EncryptedText).nullable(),
    creemEnvironment: p.enum(['test', 'prod']).default(SETTINGS_DEFAULTS.creemEnvironment),
    creemWebhookSecret: p.type(EncryptedText).nullable(),
    creemEnabled: p.boolean().default(false),
    paypalEnabled: p.boolean().default(false),
    googleClientId: p.text().nullable(),
    googleClientSecret: p.type(EncryptedText).nullable(),
    googleRedirectUri: p.text().nullable(),
    googleAuthEnabled: p.boolean().default(false),
    nanoBananaCredits: p.integer().default(SETTINGS_DEFAULTS.nanoBananaCredits),
    nanoBananaEditCredits: p.integer().default(SETTINGS_DEFAULTS.nanoBananaEditCredits),
    nanoBananaResizeCredits: p.integer().default(SETTINGS_DEFAULTS.nanoBananaResizeCredits),
    // The spec says "decimal" but every price in the product is whole credits, so these are integers.
    nanoBananaApiPrice: p.integer().default(SETTINGS_DEFAULTS.nanoBananaApiPrice),
    nanoBananaEditApiPrice: p.integer().default(SETTINGS_DEFAULTS.nanoBananaEditApiPrice),
    telegramBotToken: p.type(EncryptedText).nullable(),
    telegramChatId: p.text().nullable(),
    callbackUrl: p.text().nullable(),
    startCredits: p.integer().default(SETTINGS_DEFAULTS.startCredits),
    /** Admins must have a second factor; null follows the environment (on in production). */
    adminsRequireSecondFactor: p.boolean().nullable(),
    updatedAt: p
      .datetime()
      .defaultRaw('current_timestamp')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type AdminSettings = InferEntity<typeof AdminSettings>;
