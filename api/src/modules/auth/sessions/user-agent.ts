// A session's User-Agent, told as a person reads it: browser and major version, system, kind of device (bowser).
import Bowser from 'bowser';

export interface ClientDescription {
  browser: string | null;
  system: string | null;
  device: 'desktop' | 'mobile' | 'tablet' | 'other';
}

const DEVICES = new Set(['desktop', 'mobile', 'tablet']);

/** What a User-Agent says about its client; unknown parts are null (`other` for the device). */
export function describeClient(userAgent: string | null | undefined): ClientDescription {
  if (!userAgent) return { browser: null, system: null, device: 'other' };
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name?.trim();
  const major = parsed.browser.version?.split('.')[0];
  const system = [parsed.os.name, parsed.os.versionName].filter(Boolean).join(' ');
  const type = parsed.platform.type ?? '';
  return {
    browser: name ? `${name}${major ? ` ${major}` : ''}`.slice(0, 100) : null,
    system: system ? system.slice(0, 100) : null,
    device: DEVICES.has(type) ? (type as ClientDescription['device']) : 'other',
  };
}
