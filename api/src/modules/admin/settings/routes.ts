// Settings and the Telegram test (spec 001 §7 "Settings and bot").
import type { adminSettingsRoutes } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import { acting, recordAudit } from '../../audit/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { presentAdminSettings } from './settings.presenter.ts';
import { updateSettings } from './settings.service.ts';
import { sendTelegramTest } from './telegram-test.ts';

export const adminSettingsHandlers = {
  async getAdminSettings(ctx) {
    const settings = await new AdminSettingsRepository(ctx.state.em).get();
    return { status: 200, body: presentAdminSettings(settings) };
  },

  async updateAdminSettings(ctx, { body, caller }) {
    return { status: 200, body: presentAdminSettings(await updateSettings(ctx.state.em, body, acting(ctx, caller))) };
  },

  async updateTelegramSettings(ctx, { body, caller }) {
    return { status: 200, body: presentAdminSettings(await updateSettings(ctx.state.em, body, acting(ctx, caller))) };
  },

  async testTelegram(ctx, { caller }) {
    const settings = await new AdminSettingsRepository(ctx.state.em).get();
    await sendTelegramTest(settings, ctx.services);
    await recordAudit(ctx.state.em, { action: 'telegram.tested', by: acting(ctx, caller), details: {} });
    return { status: 200, body: { message: 'Test message sent to Telegram' } };
  },
} satisfies HandlersFor<typeof adminSettingsRoutes>;
