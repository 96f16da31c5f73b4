// Settings to the admin's wire shape: every secret as `<name>Set` + `<name>Hint`, never the value.
import type { AdminSettings as AdminSettingsDto, SettingsSecret } from '@app/contract';
import { secretHint } from '../../../crypto/secret-box.ts';
import type { AdminSettings } from '../../settings/index.ts';

type SecretFields = { [K in SettingsSecret as `${K}Set`]: boolean } & { [K in SettingsSecret as `${K}Hint`]: string | null };

function secret<K extends SettingsSecret>(name: K, value: string | null | undefined) {
  return { [`${name}Set`]: Boolean(value), [`${name}Hint`]: secretHint(value) } as Pick<SecretFields, `${K}Set` | `${K}Hint`>;
}

/** The settings as `GET /api/admin/settings` answers them (decrypted secrets reduced to set/hint). */
export function presentAdminSettings(s: AdminSettings): AdminSettingsDto {
  return {
    ...secret('kieToken', s.kieToken),
    paypalClientId: s.paypalClientId ?? null,
    ...secret('paypalClientSecret', s.paypalClientSecret),
    paypalEnvironment: s.paypalEnvironment,
    paypalEnabled: s.paypalEnabled,
    ...secret('creemApiKey', s.creemApiKey),
    creemEnvironment: s.creemEnvironment,
    ...secret('creemWebhookSecret', s.creemWebhookSecret),
    creemEnabled: s.creemEnabled,
    googleClientId: s.googleClientId ?? null,
    ...secret('googleClientSecret', s.googleClientSecret),
    googleRedirectUri: s.googleRedirectUri ?? null,
    googleAuthEnabled: s.googleAuthEnabled,
    nanoBananaCredits: s.nanoBananaCredits,
    nanoBananaEditCredits: s.nanoBananaEditCredits,
    nanoBananaResizeCredits: s.nanoBananaResizeCredits,
    nanoBananaApiPrice: s.nanoBananaApiPrice,
    nanoBananaEditApiPrice: s.nanoBananaEditApiPrice,
    startCredits: s.startCredits,
    ...secret('telegramBotToken', s.telegramBotToken),
    telegramChatId: s.telegramChatId ?? null,
    callbackUrl: s.callbackUrl ?? null,
    updatedAt: s.updatedAt.toISOString(),
  };
}
