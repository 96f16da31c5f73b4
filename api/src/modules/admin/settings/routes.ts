// Settings and the Telegram test (spec 001 §7 "Settings and bot").
import type { AdminSettingsUpdate, adminSettingsRoutes } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import type { Admin } from '../../../http/roles.ts';
import { acting, recordAudit } from '../../audit/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { recordSecretChanges } from './secret-changes.ts';
import { presentAdminSettings } from './settings.presenter.ts';
import { updateSettings } from './settings.service.ts';
import { sendTelegramTest } from './telegram-test.ts';

/** Saves an update and records what it did to the secrets (stored, replaced, removed). */
async function saved(ctx: AppContext, admin: Admin, update: Partial<AdminSettingsUpdate>) {
  const { settings, secretChanges } = await updateSettings(ctx.state.em, update, acting(ctx, admin));
  recordSecretChanges(ctx.services.logger, admin, ctx.state.requestId, secretChanges);
  return { status: 200 as const, body: presentAdminSettings(settings) };
}

export const adminSettingsHandlers = {
  async getAdminSettings(ctx) {
    const settings = await new AdminSettingsRepository(ctx.state.em).get();
    return { status: 200, body: presentAdminSettings(settings) };
  },

  async updateAdminSettings(ctx, { body, caller }) {
    return saved(ctx, caller, body);
  },

  async updateTelegramSettings(ctx, { body, caller }) {
    return saved(ctx, caller, body);
  },

  async testTelegram(ctx, { caller }) {
    const settings = await new AdminSettingsRepository(ctx.state.em).get();
    await sendTelegramTest(settings, ctx.services);
    await recordAudit(ctx.state.em, { action: 'telegram.tested', by: acting(ctx, caller), details: {} });
    return { status: 200, body: { message: 'Test message sent to Telegram' } };
  },
} satisfies HandlersFor<typeof adminSettingsRoutes>;
