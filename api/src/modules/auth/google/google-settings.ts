// Whether Google sign-in can be offered, from the admin settings row.
import type { AdminSettings } from '../../settings/index.ts';

export interface GoogleClientSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

type GoogleSettingsRow = Pick<AdminSettings, 'googleAuthEnabled' | 'googleClientId' | 'googleClientSecret' | 'googleRedirectUri'>;

/** The client settings when Google sign-in is switched on and fully configured; otherwise undefined. */
export function googleClientSettings(settings: GoogleSettingsRow): GoogleClientSettings | undefined {
  const clientId = settings.googleClientId?.trim();
  const clientSecret = settings.googleClientSecret?.trim();
  const redirectUri = settings.googleRedirectUri?.trim();
  if (!settings.googleAuthEnabled || !clientId || !clientSecret || !redirectUri) return undefined;
  if (!URL.canParse(redirectUri) || !/^https?:$/.test(new URL(redirectUri).protocol)) return undefined;
  return { clientId, clientSecret, redirectUri };
}
